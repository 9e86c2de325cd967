import { DownloadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useInstallPrompt } from '../../lib/install-prompt';
import { Button } from '../ui/button';
import { Tooltip } from '../ui/tooltip';

/** Shown only when the browser offers installation (beforeinstallprompt). */
export function InstallButton() {
  const { t } = useTranslation();
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <Tooltip content={t('pwa.install')}>
      <Button variant="ghost" size="icon" aria-label={t('pwa.install')} data-install-button onClick={() => void install()}>
        <DownloadIcon />
      </Button>
    </Tooltip>
  );
}
