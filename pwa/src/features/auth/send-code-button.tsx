import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useCountdown } from '../../hooks/use-countdown';

export const RESEND_COOLDOWN_SECONDS = 30;

/** "获取验证码" with a 30-second resend cooldown after a successful send. */
export function SendCodeButton({ onSend, disabled }: { onSend: () => Promise<boolean>; disabled?: boolean }) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const click = async () => {
    if (await onSend()) countdown.start(RESEND_COOLDOWN_SECONDS);
  };
  return (
    <Button type="button" variant="outline" className="shrink-0" disabled={disabled || countdown.active} onClick={() => void click()} data-send-code>
      {countdown.active ? t('register.resend', { seconds: countdown.remaining }) : t('register.sendCode')}
    </Button>
  );
}
