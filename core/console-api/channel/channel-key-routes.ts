import { channelKeyRevealSchema, multiKeyManageSchema } from '../../contracts/channel.js';
import { LOG_SYSTEM } from '../../db/rows.js';
import { keysOf } from '../../db/repositories/channel-info.js';
import { getChannel, updateChannel } from '../../db/repositories/channels.js';
import { passwordHashOf } from '../../db/repositories/user-password.js';
import { verifyPassword } from '../../auth/password.js';
import { paramInt, parseBody, requireUser, type ApiContext } from '../api-context.js';
import { ApiError, fail, ok, type ApiResult } from '../envelope.js';
import { recordUserLog } from '../user/record-user-log.js';
import { channelsChanged } from './channels-changed.js';
import { manageKeys, type ManageOutcome } from './multi-key-actions.js';

/**
 * POST /api/channel/:id/key (root, critical rate limit) — the full key, {key} with 获取成功. new-api puts
 * this behind a fresh 2FA or passkey check; Ferryman has neither, so the caller's password is asked again
 * in the body, and every reveal is logged. Answers are never cached (the console API sends no-store).
 */
async function revealKey(c: ApiContext): Promise<ApiResult> {
  const user = requireUser(c);
  const id = paramInt(c);
  const { password } = parseBody(c, channelKeyRevealSchema);
  if (!password) return fail('请输入密码以完成安全验证');
  if (!(await verifyPassword(password, (await passwordHashOf(c.app.sql, user.id)) ?? ''))) return fail('密码错误，安全验证失败');
  const channel = await getChannel(c.app.sql, id);
  if (!channel) return fail('渠道不存在');
  recordUserLog(c.app, user, LOG_SYSTEM, `查看渠道密钥信息 (渠道ID: ${id})`);
  return ok({ key: channel.key }, '获取成功');
}

/**
 * POST /api/channel/multi_key/manage {channel_id, action, key_index?, page?, page_size?, status?} — per-key
 * state of a multi-key channel: list (previews only), enable/disable one or all, delete one or the
 * automatically disabled ones. Writes happen under the channel's row lock.
 */
async function manageMultiKeys(c: ApiContext): Promise<ApiResult> {
  const req = parseBody(c, multiKeyManageSchema);
  const now = Math.floor(Date.now() / 1000);
  if (req.action === 'get_key_status') {
    const channel = await getChannel(c.app.sql, req.channel_id);
    if (!channel) return fail('渠道不存在');
    if (!channel.channel_info.is_multi_key) return fail('该渠道不是多密钥模式');
    const outcome = manageKeys(keysOf(channel.key), channel.channel_info, req, now);
    return outcome.kind === 'read' ? ok(outcome.data) : fail(outcome.kind === 'fail' ? outcome.message : '不支持的操作');
  }
  // decide runs inside the transaction; what it decided is read after the commit
  const written: { outcome?: Extract<ManageOutcome, { kind: 'write' }> } = {};
  const saved = await updateChannel(c.app.sql, req.channel_id, (current) => {
    if (!current.channel_info.is_multi_key) throw new ApiError('该渠道不是多密钥模式');
    const result = manageKeys(keysOf(current.key), current.channel_info, req, now);
    if (result.kind !== 'write') throw new ApiError(result.kind === 'fail' ? result.message : '不支持的操作');
    written.outcome = result;
    return { key: result.keys.join('\n'), channel_info: result.info };
  });
  if (!saved || !written.outcome) return fail('渠道不存在');
  await channelsChanged(c.app);
  return ok(written.outcome.data, written.outcome.message);
}

export const channelKeyHandlers = { revealKey, manageMultiKeys };
