import { logQuota } from '../../billing/format-quota.js';
import { redeemBodySchema } from '../../contracts/topup.js';
import { REDEMPTION_STATUS } from '../../contracts/redemption.js';
import { logsElsewhere } from '../../billing/log-writer.js';
import { redeemForUser, redemptionByKey } from '../../db/repositories/redemptions.js';
import { parseBody, requireUser, type ApiContext } from '../api-context.js';
import { fail, ok, type ApiResult } from '../envelope.js';

// A code whose quota an admin edits between our read and our claim is read again; more than this many
// edits in a row is not a real situation.
const ATTEMPTS = 3;

/**
 * POST /api/user/topup {key} — redeems a code; data = the quota added. The claim is ONE conditional
 * update (unused → used, RETURNING) in the same statement that credits the user and writes the log
 * (redeemForUser), so however many requests race for a code — one user or many, one node or several —
 * exactly one wins and the others see the code as used (reliability-security S9/C5). No global lock and
 * no random sleep, unlike new-api.
 */
export async function redeemCode(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const key = (parseBody(c, redeemBodySchema).key ?? '').trim();
  if (key === '') return fail('未提供兑换码');
  const sql = c.app.sql;
  const o = c.app.options;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const code = await redemptionByKey(sql, key);
    if (!code) return fail('兑换失败，无效的兑换码');
    if (code.status !== REDEMPTION_STATUS.unused) break;
    const now = Math.floor(Date.now() / 1000);
    const amount = logQuota(code.quota, o.bool('DisplayInCurrencyEnabled'), o.number('QuotaPerUnit'));
    const won = await redeemForUser(sql, code, { userId: me.id, quota: code.quota, content: `通过兑换码充值 ${amount}，兑换码ID ${code.id}`, now }, logsElsewhere(c.app.db, c.app.logs));
    if (won) {
      // a refusal this user's requests met for want of quota no longer stands (QuotaLeases.forgetRefusal)
      c.app.invalidation.publish('user', me.id);
      return ok(code.quota);
    }
  }
  return fail('兑换失败，该兑换码已被使用');
}
