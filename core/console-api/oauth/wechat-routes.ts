import { z } from 'zod';
import type { ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { ApiError, fail, ok, type ApiResult } from '../envelope.js';
import { bindExternal, loginExternal } from './external-account.js';
import { adminUrlPolicy, sharedOutboundDispatcher } from '../../upstream/outbound-policy.js';
import { providerCall } from './fetch-json.js';

const wechatAnswer = z.object({ success: z.boolean(), message: z.string().default(''), data: z.string().default('') }).loose();

const NOT_ENABLED = '管理员未开启通过微信登录以及注册';

/**
 * new-api's getWeChatIdByCode: the WeChat server (WeChatServerAddress, authorised by WeChatServerToken)
 * turns the code the user typed into a WeChat id.
 */
async function wechatIdOf(c: ApiContext): Promise<string> {
  const code = c.query.get('code') ?? '';
  if (!code) throw new ApiError('无效的参数');
  const { env, options } = c.app;
  const url = `${options.get('WeChatServerAddress').replace(/\/+$/, '')}/api/wechat/user?code=${encodeURIComponent(code)}`;
  const res = await providerCall(url, { headers: { Authorization: options.get('WeChatServerToken') }, dispatcher: sharedOutboundDispatcher(adminUrlPolicy(env)) }, '无法连接至微信服务器，请稍后重试！');
  const answer = wechatAnswer.safeParse(res.body).data;
  if (!answer) throw new ApiError('无效的参数');
  if (!answer.success) throw new ApiError(answer.message);
  if (!answer.data) throw new ApiError('验证码错误或已过期');
  return answer.data;
}

/** GET /api/oauth/wechat?code=: login, registering wechat_<n> ("WeChat User", no inviter) when needed. */
async function wechatLogin(c: ApiContext): Promise<ApiResult> {
  if (!c.app.options.bool('WeChatAuthEnabled')) return fail(NOT_ENABLED);
  const id = await wechatIdOf(c);
  return loginExternal(c, { column: 'wechat_id', id, usernamePrefix: 'wechat', displayName: 'WeChat User' }, 0);
}

/** GET /api/oauth/wechat/bind?code=: success message "" (the OAuth binds say "bind"). */
async function wechatBind(c: ApiContext): Promise<ApiResult> {
  if (!c.app.options.bool('WeChatAuthEnabled')) return fail(NOT_ENABLED);
  const id = await wechatIdOf(c);
  return (await bindExternal(c, 'wechat_id', id)) ? ok() : fail('该微信账号已被绑定');
}

export const wechatRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/oauth/wechat', access: 'public', critical: true, handler: wechatLogin },
  { method: 'get', path: '/api/oauth/wechat/bind', access: 'public', critical: true, handler: wechatBind },
];
