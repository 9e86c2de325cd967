import { sendMail, type Mail } from '../../mail/send-mail.js';
import type { ApiContext } from '../api-context.js';
import { fail, ok, type ApiResult } from '../envelope.js';

/** Sends the mail and answers as new-api does: success, or the SMTP error text as the message. */
export async function mailAnswer(c: ApiContext, mail: Mail): Promise<ApiResult> {
  try {
    await sendMail(c.app.options, mail);
    return ok();
  } catch (e) {
    c.app.log.warn('mail not sent', { subject: mail.subject, error: String(e) });
    return fail(e instanceof Error ? e.message : String(e));
  }
}
