import { describe, expect, it } from 'vitest';
import { resources } from './index';

function keys(tree: unknown, prefix = ''): string[] {
  if (!tree || typeof tree !== 'object') return [prefix];
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
}

describe('locales', () => {
  const zh = resources['zh-CN'].translation;
  const en = resources.en.translation;
  it('have exactly the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });
  it('use the same interpolation placeholders', () => {
    const get = (tree: unknown, path: string) => path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], tree);
    for (const key of keys(zh)) {
      expect(placeholders(String(get(en, key))), key).toEqual(placeholders(String(get(zh, key))));
    }
  });
  it('have no empty strings', () => {
    const get = (tree: unknown, path: string) => path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], tree);
    for (const key of keys(zh)) {
      expect(String(get(zh, key)).trim(), `zh ${key}`).not.toBe('');
      expect(String(get(en, key)).trim(), `en ${key}`).not.toBe('');
    }
  });
  it('carry the product spec texts verbatim in Chinese', () => {
    expect(zh.notFound.title).toBe('页面不存在');
    expect(zh.register.errors.passwordTooShort).toBe('密码长度不得小于 8 位！');
    expect(zh.register.errors.passwordMismatch).toBe('两次输入的密码不一致');
    expect(zh.turnstile.wait).toBe('请稍后几秒重试，Turnstile 正在检查用户环境！');
    expect(zh.login.required).toBe('请输入用户名和密码！');
    expect(zh.login.success).toBe('登录成功！');
    expect(zh.register.success).toBe('注册成功！');
    expect(zh.register.codeSent).toBe('验证码发送成功，请检查你的邮箱！');
    expect(zh.http.tooManyRequests).toBe('错误：请求次数过多，请稍后再试！');
    expect(zh.http.serverError).toBe('错误：服务器内部错误，请联系管理员！');
    expect(zh.personal.security.errors.same).toBe('新密码需要和原密码不一致！');
    expect(zh.personal.security.deleteMismatch).toBe('请输入你的账户名以确认删除！');
    expect(zh.personal.bindings.emailRequired).toBe('请输入邮箱！');
    expect(zh.personal.bindings.codeRequired).toBe('请输入邮箱验证码！');
    expect(zh.topup.redeemRequired).toBe('请输入兑换码！');
    expect(zh.topup.onlineDisabled).toBe('管理员未开启在线充值！');
    expect(zh.topup.noTopUpLink).toBe('超级管理员未设置充值链接！');
    expect(zh.tokens.noSelection).toBe('请至少选择一个令牌！');
    expect(zh.tokens.form.errors.expiry).toBe('过期时间格式错误！');
    expect(zh.common.copyFailed).toBe('无法复制到剪贴板，请手动复制');
    expect(zh.chat.configError).toBe('聊天链接配置错误，请联系管理员');
    expect(zh.chat.notConfigured).toBe('请联系管理员配置聊天链接');
  });
});
