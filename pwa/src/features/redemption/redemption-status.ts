import { REDEMPTION_STATUS, type Redemption } from '../../../../core/contracts/redemption';
import type { BadgeTone } from '../../components/ui/badge';

/** 1 unused, 2 disabled, 3 used. */
export function redemptionStatusView(status: number): { key: string; tone: BadgeTone } {
  switch (status) {
    case REDEMPTION_STATUS.unused:
      return { key: 'redemptions.status.unused', tone: 'green' };
    case REDEMPTION_STATUS.disabled:
      return { key: 'redemptions.status.disabled', tone: 'red' };
    case REDEMPTION_STATUS.used:
      return { key: 'redemptions.status.used', tone: 'gray' };
    default:
      return { key: 'redemptions.status.unknown', tone: 'gray' };
  }
}

/** Only unused codes can be edited. */
export const canEditRedemption = (code: Pick<Redemption, 'status'>) => code.status === REDEMPTION_STATUS.unused;

/** Used codes are history: they cannot be enabled (nor disabled) again. */
export const canToggleRedemption = (code: Pick<Redemption, 'status'>) => code.status !== REDEMPTION_STATUS.used;
