import type { OptionsStore } from '../options/options-store.js';

export interface Mail {
  /** one address, or several separated by ";" as new-api accepts */
  to: string;
  subject: string;
  html: string;
}

/** new-api's message when neither a server nor an account is configured. */
export const SMTP_NOT_CONFIGURED = 'SMTP 服务器未配置';

/**
 * Sends an HTML mail through the SMTP server of the options (SMTPServer, SMTPPort, SMTPAccount,
 * SMTPToken, SMTPFrom, SMTPSSLEnabled), as new-api's common.SendEmail: From is "<SystemName> <SMTPFrom>"
 * (SMTPAccount when SMTPFrom is empty); port 465 or SMTPSSLEnabled means implicit TLS, otherwise STARTTLS
 * when the server offers it. Unlike new-api, certificates are verified. Errors reject with the SMTP text.
 */
export async function sendMail(options: OptionsStore, mail: Mail): Promise<void> {
  const host = options.get('SMTPServer');
  const account = options.get('SMTPAccount');
  if (!host && !account) throw new Error(SMTP_NOT_CONFIGURED);
  const port = options.number('SMTPPort');
  // loaded at the first mail, not in every relay thread's heap (README, Memory footprint)
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host,
    port,
    secure: port === 465 || options.bool('SMTPSSLEnabled'),
    auth: account ? { user: account, pass: options.get('SMTPToken') } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  try {
    await transport.sendMail({
      from: { name: options.get('SystemName'), address: options.get('SMTPFrom') || account },
      to: mail.to.split(';').map((a) => a.trim()).filter(Boolean),
      subject: mail.subject,
      html: mail.html,
    });
  } finally {
    transport.close();
  }
}
