import { describe, expect, it } from 'vitest';
import { tagEditDefaults, tagEditSchema } from './tag-edit-schema';

const parse = (patch: Partial<ReturnType<typeof tagEditDefaults>>) => tagEditSchema('t1').safeParse({ ...tagEditDefaults('t1'), ...patch });
const firstError = (patch: Partial<ReturnType<typeof tagEditDefaults>>) => {
  const r = parse(patch);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('tag edit form', () => {
  it('refuses a form with nothing changed', () => expect(firstError({})).toBe('channels.errors.nothingChanged'));
  it('sends an empty new tag to dissolve the tag', () => expect(parse({ new_tag: '' }).data).toEqual({ tag: 't1', new_tag: '' }));
  it('sends only the filled fields', () => expect(parse({ priority: '-3', models: 'a,b' }).data).toEqual({ tag: 't1', priority: -3, models: 'a,b' }));
  it.each([
    [{ priority: '1.5' }, 'channels.errors.tagPriority'],
    [{ weight: '-1' }, 'channels.errors.tagWeight'],
    [{ model_mapping: '{bad' }, 'channels.errors.modelMapping'],
    [{ header_override: '[1]' }, 'channels.errors.headerOverride'],
  ])('refuses %o', (patch, message) => expect(firstError(patch)).toBe(message));
});
