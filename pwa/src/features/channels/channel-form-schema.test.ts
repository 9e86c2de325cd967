import { describe, expect, it } from 'vitest';
import { addCustomModels, channelFormSchema, defaultChannelForm, endsWithV1, stripTrailingSlash, toCreateBody, type ChannelFormValues } from './channel-form-schema';

const valid = (patch: Partial<ChannelFormValues> = {}): ChannelFormValues => ({ ...defaultChannelForm(), name: 'c1', key: 'sk-1', models: ['gpt-4o'], ...patch });
const firstError = (creating: boolean, v: ChannelFormValues) => {
  const r = channelFormSchema(creating).safeParse(v);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('channel form rules', () => {
  it.each([
    [{ name: '' }, 'channels.errors.nameKeyRequired'],
    [{ key: '  ' }, 'channels.errors.nameKeyRequired'],
    [{ models: [] }, 'channels.errors.modelsRequired'],
    [{ model_mapping: '{"a":' }, 'channels.errors.modelMapping'],
    [{ status_code_mapping: '[]' }, 'channels.errors.statusCodeMapping'],
    [{ param_override: 'x' }, 'channels.errors.paramOverride'],
    [{ header_override: '1' }, 'channels.errors.headerOverride'],
    [{ setting: '{' }, 'channels.errors.setting'],
  ])('refuses %o on create', (patch, message) => expect(firstError(true, valid(patch))).toBe(message));

  it('lets an edit keep the stored key', () => {
    const r = channelFormSchema(false).parse(valid({ key: '' }));
    expect(r.fields).not.toHaveProperty('key');
  });

  it('strips the trailing slash, parses integers and clamps a negative weight', () => {
    const r = channelFormSchema(true).parse(valid({ base_url: 'http://x.test/ ', priority: '5.7', weight: '-3', groups: ['default', 'vip'] }));
    expect(r.fields).toMatchObject({ base_url: 'http://x.test', priority: 5, weight: 0, group: 'default,vip', models: 'gpt-4o', auto_ban: 1 });
  });

  it('gives Spark v2.1 when other is empty', () => expect(channelFormSchema(true).parse(valid({ type: '18' })).fields.other).toBe('v2.1'));

  it('wraps a create in the mode the key field was read in', () => {
    const r = channelFormSchema(true).parse(valid({ key: 'a\nb', key_mode: 'batch' }));
    expect(toCreateBody(r)).toMatchObject({ mode: 'batch', multi_key_mode: 'random', channel: { key: 'a\nb' } });
  });

  it.each([
    ['https://x.test/v1', true],
    ['https://x.test/v1/', true],
    ['https://x.test/v1beta', false],
  ])('%s ends with /v1: %s', (url, yes) => expect(endsWithV1(url)).toBe(yes));

  it('strips every trailing slash', () => expect(stripTrailingSlash('http://a//')).toBe('http://a'));

  it('adds custom models and refuses duplicates', () => {
    expect(addCustomModels(['a'], 'b, c')).toEqual(['a', 'b', 'c']);
    expect(addCustomModels(['a'], 'a,b')).toBeNull();
    expect(addCustomModels([], 'b,b')).toBeNull();
  });
});
