import { describe, expect, it } from 'vitest';
import { sunoIntent } from './suno-intent.js';

describe('sunoIntent', () => {
  it.each([
    ['music', { prompt: 'la la' }, { action: 'MUSIC', model: 'suno_music', body: { prompt: 'la la', mv: 'chirp-v3-0' }, originTaskId: null, input: 'la la' }],
    ['MUSIC', { gpt_description_prompt: 'a song', mv: 'chirp-v3-5', x: 1 }, { action: 'MUSIC', body: { gpt_description_prompt: 'a song', mv: 'chirp-v3-5', x: 1 }, input: 'a song' }],
    ['lyrics', { prompt: 'sea' }, { action: 'LYRICS', model: 'suno_lyrics', body: { prompt: 'sea' }, input: 'sea' }],
    ['music', { prompt: 'p', continue_clip_id: 'c1', task_id: 't1' }, { originTaskId: 't1' }],
  ])('%s %j', (action, body, want) => {
    const r = sunoIntent(action, body);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.intent).toMatchObject(want);
  });

  it.each([
    ['video', {}, 'invalid_action'],
    ['lyrics', {}, 'prompt_empty'],
    ['music', { continue_clip_id: 'c1' }, 'task id is empty'],
  ])('refuses %s %j: %s', (action, body, message) => {
    expect(sunoIntent(action, body)).toEqual({ ok: false, message });
  });
});
