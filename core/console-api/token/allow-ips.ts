import { isIP } from 'node:net';

export type AllowIpsResult = { ok: true; value: string } | { ok: false; message: string };

/**
 * A token's IP allow-list: one address per line (blank lines ignored). Every entry must be a literal IPv4
 * or IPv6 address — the relay compares the caller's address with each entry exactly, so a typo or a range
 * would silently lock the token out (or, worse, look like a restriction that is not there). Lines are
 * trimmed and stored joined by "\n".
 */
export function parseAllowIps(text: string | null | undefined): AllowIpsResult {
  const entries = (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const bad = entries.find((entry) => isIP(entry) === 0);
  if (bad !== undefined) return { ok: false, message: `IP 白名单中的 "${bad}" 不是合法的 IP 地址，请每行填写一个 IP` };
  return { ok: true, value: entries.join('\n') };
}
