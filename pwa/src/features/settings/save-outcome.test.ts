import { describe, expect, it } from 'vitest';
import { saveOutcome } from './save-outcome';

describe('saveOutcome', () => {
  it.each([
    ['every key saved', { saved: ['A', 'B'], failed: [] }, { tone: 'success', key: 'common.saveSuccess' }],
    ['the only key refused: the server message', { saved: [], failed: [{ key: 'A', message: '无法启用 GitHub OAuth' }] }, { tone: 'error', message: '无法启用 GitHub OAuth' }],
    ['the only key failed without a message', { saved: [], failed: [{ key: 'A', message: '' }] }, { tone: 'error', key: 'common.saveFailed' }],
    ['one of several failed', { saved: ['A'], failed: [{ key: 'B', message: 'bad B' }] }, { tone: 'error', key: 'common.partialSaveFailed', description: 'bad B' }],
    [
      'all of several failed',
      {
        saved: [],
        failed: [
          { key: 'A', message: '' },
          { key: 'B', message: '' },
        ],
      },
      { tone: 'error', key: 'common.partialSaveFailed', description: undefined },
    ],
  ])('%s', (_name, result, outcome) => {
    expect(saveOutcome(result)).toEqual(outcome);
  });
  it('takes the success message of a switch', () => {
    expect(saveOutcome({ saved: ['X'], failed: [] }, 'common.updateSuccess')).toEqual({ tone: 'success', key: 'common.updateSuccess' });
  });
});
