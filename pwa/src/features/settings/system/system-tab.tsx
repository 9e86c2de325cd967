import type { OptionMap } from '../api';
import { OptionSection } from '../option-section';
import { EmailWhitelistSection } from './email-whitelist-section';
import { OidcSection } from './oidc-section';
import {
  githubSection,
  linuxdoSection,
  loginSection,
  paymentNeedsServer,
  paymentSection,
  serverSection,
  smtpSection,
  telegramSection,
  turnstileSection,
  wechatSection,
  workerSection,
} from './system-sections';

export function SystemTab({ options }: { options: OptionMap }) {
  return (
    <div className="grid gap-4">
      <OptionSection def={serverSection} options={options} />
      <OptionSection def={workerSection} options={options} />
      <OptionSection def={paymentSection} options={options} hooks={{ check: paymentNeedsServer }} />
      <OptionSection def={loginSection} options={options} />
      <EmailWhitelistSection options={options} />
      <OptionSection def={smtpSection} options={options} />
      <OidcSection options={options} />
      <OptionSection def={githubSection} options={options} />
      <OptionSection def={linuxdoSection} options={options} />
      <OptionSection def={wechatSection} options={options} />
      <OptionSection def={telegramSection} options={options} />
      <OptionSection def={turnstileSection} options={options} />
    </div>
  );
}
