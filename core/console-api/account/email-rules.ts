import { z } from 'zod';

export interface EmailRuleOptions {
  domainRestriction: boolean;
  /** EmailDomainWhitelist, comma-separated */
  whitelist: string;
  aliasRestriction: boolean;
}

const emailFormat = z.email();

const NOT_WHITELISTED =
  "The administrator has enabled the email domain name whitelist, and your email address is not allowed due to special symbols or it's not in the whitelist.";

/**
 * The address checks new-api runs before sending a verification code (spec console-api.md §3.4), in its
 * order and with its messages; null when the address may receive a code.
 */
export function emailRuleViolation(email: string, o: EmailRuleOptions): string | null {
  if (!email || !emailFormat.safeParse(email).success) return '无效的参数';
  const parts = email.split('@');
  if (parts.length !== 2) return '无效的邮箱地址';
  const [local, domain] = parts as [string, string];
  if (o.domainRestriction) {
    const allowed = o.whitelist.split(',').map((d) => d.trim());
    if (!allowed.includes(domain)) return NOT_WHITELISTED;
  }
  if (o.aliasRestriction && (local.includes('+') || local.includes('.'))) {
    return '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝。';
  }
  return null;
}
