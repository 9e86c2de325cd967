import { describe, expect, it } from 'vitest';
import { mjActionIsFree, mjIntent, mjModelOf, parseSimpleChange, plusActionOf, type MjSubmitFields, type MjSubmitRoute } from './mj-action.js';

describe('mjIntent', () => {
  it.each<[MjSubmitRoute, MjSubmitFields, string, string | null]>([
    ['submit/imagine', { prompt: 'a cat' }, 'IMAGINE', null],
    ['submit/describe', {}, 'DESCRIBE', null],
    ['submit/blend', {}, 'BLEND', null],
    ['submit/upload-discord-images', {}, 'UPLOAD', null],
    ['submit/shorten', {}, 'SHORTEN', null],
    ['submit/edits', {}, 'EDITS', null],
    ['insight-face/swap', {}, 'SWAP_FACE', null],
    ['submit/video', {}, 'VIDEO', null],
    ['submit/video', { taskId: '17' }, 'VIDEO', '17'],
    ['submit/modal', { taskId: '17' }, 'MODAL', '17'],
    ['submit/change', { taskId: '17', action: 'upscale', index: 2 }, 'UPSCALE', '17'],
    ['submit/simple-change', { content: '17 V3' }, 'VARIATION', '17'],
    ['submit/action', { taskId: '17', customId: 'MJ::JOB::upsample::2::abc' }, 'UPSCALE', '17'],
  ])('%s %j → %s on %s', (route, body, action, taskId) => {
    expect(mjIntent(route, body)).toEqual({ ok: true, intent: { action, taskId } });
  });

  it.each<[MjSubmitRoute, MjSubmitFields, string]>([
    ['submit/change', {}, 'task_id_is_required'],
    ['submit/change', { taskId: '1' }, 'action_is_required'],
    ['submit/change', { taskId: '1', action: 'UPSCALE' }, 'index_is_required'],
    ['submit/modal', {}, 'task_id_is_required'],
    ['submit/simple-change', { content: '17' }, 'content_parse_failed'],
    ['submit/action', { taskId: '1' }, 'custom_id_is_required'],
    ['submit/action', { customId: 'MJ::JOB::reroll::0::x' }, 'task_id_is_required'],
    ['submit/action', { taskId: '1', customId: 'MJ::Nope::x' }, 'unknown_action:MJ::Nope::x'],
  ])('%s %j is refused: %s', (route, body, description) => {
    expect(mjIntent(route, body)).toEqual({ ok: false, description });
  });
});

describe('parseSimpleChange', () => {
  it.each([
    ['123 U1', { taskId: '123', action: 'UPSCALE', index: 1 }],
    ['123 v4', { taskId: '123', action: 'VARIATION', index: 4 }],
    ['123 R', { taskId: '123', action: 'REROLL', index: 0 }],
    ['123 U5', null],
    ['123 U', null],
    ['123 X1', null],
    ['123', null],
    ['1 2 3', null],
    [' U1', null],
  ])('%j', (content, want) => {
    expect(parseSimpleChange(content)).toEqual(want);
  });
});

describe('plusActionOf', () => {
  it.each([
    ['MJ::JOB::upsample::3::h', { action: 'UPSCALE', index: 3 }],
    ['MJ::JOB::upsample_v6_2x_subtle::1::h', { action: 'UPSCALE', index: 1 }],
    ['MJ::JOB::variation::4::h', { action: 'VARIATION', index: 4 }],
    ['MJ::JOB::low_variation::1::h::SOLO', { action: 'LOW_VARIATION', index: 1 }],
    ['MJ::JOB::high_variation::1::h::SOLO', { action: 'HIGH_VARIATION', index: 1 }],
    ['MJ::JOB::pan_left::1::h::SOLO', { action: 'PAN', index: 1 }],
    ['MJ::JOB::reroll::0::h::SOLO', { action: 'REROLL', index: 1 }],
    ['MJ::Outpaint::50::1::h::SOLO', { action: 'ZOOM', index: 1 }],
    ['MJ::CustomZoom::h', { action: 'CUSTOM_ZOOM', index: 1 }],
    ['MJ::Inpaint::1::h::SOLO', { action: 'INPAINT', index: 1 }],
    ['MJ::JOB::upsample::x::h', 'index_parse_failed'],
    ['MJ::JOB::', 'unknown_action'],
    ['', 'custom_id_is_required'],
  ])('%s', (customId, want) => {
    expect(plusActionOf(customId)).toEqual(want);
  });
});

describe('mjModelOf / mjActionIsFree', () => {
  it.each([
    ['IMAGINE', 'mj_imagine', false],
    ['HIGH_VARIATION', 'mj_high_variation', false],
    ['SWAP_FACE', 'swap_face', false],
    ['INPAINT', 'mj_inpaint', true],
    ['CUSTOM_ZOOM', 'mj_custom_zoom', true],
  ])('%s → %s', (action, model, free) => {
    expect(mjModelOf(action)).toBe(model);
    expect(mjActionIsFree(action)).toBe(free);
  });
});
