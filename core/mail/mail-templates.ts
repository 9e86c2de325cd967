import { CODE_VALID_MINUTES } from '../auth/verification-codes.js';
import type { Mail } from './send-mail.js';

// new-api's texts (controller/misc.go), so users of both see the same mails.

export function verificationMail(to: string, systemName: string, code: string): Mail {
  return {
    to,
    subject: `${systemName}邮箱验证邮件`,
    html:
      `<p>您好，你正在进行${systemName}邮箱验证。</p>` +
      `<p>您的验证码为: <strong>${code}</strong></p>` +
      `<p>验证码 ${CODE_VALID_MINUTES} 分钟内有效，如果不是本人操作，请忽略。</p>`,
  };
}

export function passwordResetMail(to: string, systemName: string, link: string): Mail {
  return {
    to,
    subject: `${systemName}密码重置`,
    html:
      `<p>您好，你正在进行${systemName}密码重置。</p>` +
      `<p>点击 <a href='${link}'>此处</a> 进行密码重置。</p>` +
      `<p>如果链接无法点击，请尝试点击下面的链接或将其复制到浏览器中打开：<br> ${link} </p>` +
      `<p>重置链接 ${CODE_VALID_MINUTES} 分钟内有效，如果不是本人操作，请忽略。</p>`,
  };
}
