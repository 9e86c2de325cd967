import { describe, expect, it } from 'vitest';
import { emailRuleViolation } from './email-rules.js';

const open = { domainRestriction: false, whitelist: 'gmail.com,qq.com', aliasRestriction: false };

describe('emailRuleViolation', () => {
  it('accepts a plain address when no restriction is on', () => {
    expect(emailRuleViolation('a.b+c@example.org', open)).toBeNull();
  });

  it('refuses a missing or malformed address with 无效的参数', () => {
    expect(emailRuleViolation('', open)).toBe('无效的参数');
    expect(emailRuleViolation('not-an-email', open)).toBe('无效的参数');
    expect(emailRuleViolation('a@b@c.com', open)).toBe('无效的参数');
  });

  it('enforces the domain whitelist by exact domain match', () => {
    const o = { ...open, domainRestriction: true };
    expect(emailRuleViolation('x@gmail.com', o)).toBeNull();
    expect(emailRuleViolation('x@qq.com', o)).toBeNull();
    expect(emailRuleViolation('x@mail.gmail.com', o)).toMatch(/^The administrator has enabled the email domain name whitelist/);
    expect(emailRuleViolation('x@example.org', o)).toMatch(/not in the whitelist\.$/);
  });

  it('refuses + and . in the local part when alias restriction is on', () => {
    const o = { ...open, aliasRestriction: true };
    const msg = '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝。';
    expect(emailRuleViolation('a+tag@gmail.com', o)).toBe(msg);
    expect(emailRuleViolation('a.b@gmail.com', o)).toBe(msg);
    expect(emailRuleViolation('ab@sub.gmail.com', o)).toBeNull();
  });

  it('checks the whitelist before the alias rule, as new-api', () => {
    const o = { domainRestriction: true, whitelist: 'gmail.com', aliasRestriction: true };
    expect(emailRuleViolation('a+b@example.org', o)).toMatch(/whitelist/);
  });
});
