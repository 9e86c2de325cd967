import { describe, expect, it } from 'vitest';
import { isSecretOption } from './option-secrets.js';

describe('isSecretOption', () => {
  it.each([
    ['SMTPToken', true],
    ['GitHubClientSecret', true],
    ['TurnstileSiteKey', true],
    ['TurnstileSecretKey', true],
    ['WorkerValidKey', true],
    ['EpayKey', true],
    ['TelegramBotToken', true],
    ['WeChatServerToken', true],
    // new-api returns these; Ferryman does not.
    ['oidc.client_secret', true],
    ['stripe.webhook_secret', true],
    ['some.api_key', true],
    ['x.password', true],
    // Switches and plain settings whose names merely contain the words stay visible.
    ['PasswordLoginEnabled', false],
    ['PasswordRegisterEnabled', false],
    ['DisplayTokenStatEnabled', false],
    ['claude.default_max_tokens', false],
    ['oidc.client_id', false],
    ['GitHubClientId', false],
    ['EpayId', false],
    ['ModelRatio', false],
  ])('%s → %s', (key, hidden) => {
    expect(isSecretOption(key)).toBe(hidden);
  });
});
