// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../../core/contracts/channel';
import { formatQuota } from '../../lib/quota-format';
import { renderWithApp } from '../../test/render-with-app';
import { BalanceCell } from './channel-cells';

const channel = (used_quota: number, balance: number) => ({ id: 1, used_quota, balance }) as Channel;
const currency = { displayInCurrency: true, quotaPerUnit: 500000 };

describe('BalanceCell', () => {
  afterEach(cleanup);

  it.each([
    [0, 0, '$0.00', '$0.00'],
    [1_250_000, 12.5, '$2.50', '$12.50'],
    [3, 0.001, '$0.01', '$0.01'],
  ])('shows used quota %i and balance %f in the same currency format', async (used, balance, usedText, balanceText) => {
    renderWithApp(<BalanceCell channel={channel(used, balance)} usedText={formatQuota(used, currency)} />, '/channel');
    expect((await screen.findByText(usedText, { selector: '[data-slot=badge]' })).textContent).toBe(usedText);
    expect(document.querySelector('[data-refresh-balance]')?.textContent).toBe(balanceText);
  });
});
