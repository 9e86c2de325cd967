import { optionDef } from './option-defaults.js';

/**
 * Whether GET /api/option/ must leave a key out. new-api hides keys ending in Token, Secret or Key
 * (case-sensitive), which misses `oidc.client_secret` and any other lower-case secret: it hands the OIDC
 * client secret to every root session. Ferryman also hides keys marked secret in the defaults table, keys
 * ending in secret, token, password or key in any case, and any key mentioning a secret (e.g. a future
 * `x.webhook_secret`). Switches such as PasswordLoginEnabled or DisplayTokenStatEnabled stay visible.
 */
export function isSecretOption(key: string): boolean {
  if (optionDef(key)?.secret) return true;
  return /(secret|token|password|key)$/i.test(key) || /secret/i.test(key);
}
