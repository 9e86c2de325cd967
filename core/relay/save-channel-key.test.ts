import { describe, expect, it } from 'vitest';
import { replaceChannelKey } from './save-channel-key.js';

const OLD = '{"access_token":"a1","account_id":"x"}';
const NEW = '{"access_token":"a2","account_id":"x"}';

describe('replaceChannelKey', () => {
  it.each([
    [OLD, NEW],
    [`  ${OLD}\n`, NEW],
    [`[${OLD},{"access_token":"b","account_id":"y"}]`, `[${NEW},{"access_token":"b","account_id":"y"}]`],
    [JSON.stringify([OLD, 'other']), JSON.stringify([NEW, 'other'])],
    [`k0\n${OLD}\nk2`, `k0\n${NEW}\nk2`],
    ['{"access_token":"edited","account_id":"x"}', null],
    [`[{"access_token":"b","account_id":"y"}]`, null],
  ])('%s → %s', (field, out) => expect(replaceChannelKey(field, OLD, NEW)).toBe(out));
});
