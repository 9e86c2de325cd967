import { CopyIcon, EyeIcon, EyeOffIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Tooltip } from '../../components/ui/tooltip';
import { useCopy } from '../../hooks/use-copy';
import { withKeyPrefix } from '../../lib/chat-link';
import { isMaskedKey, maskKey } from '../../lib/secret-scrub';

/** The key, masked unless revealed, with a copy button (disabled when only masked offline data is known). */
export function TokenKeyCell({ tokenKey }: { tokenKey: string }) {
  const { t } = useTranslation();
  const copy = useCopy();
  const [revealed, setRevealed] = useState(false);
  const masked = isMaskedKey(tokenKey);
  const shown = withKeyPrefix(revealed && !masked ? tokenKey : masked ? tokenKey : maskKey(tokenKey));
  return (
    <div className="flex items-center gap-0.5">
      <code className="mr-1 max-w-[220px] truncate rounded bg-muted px-1.5 py-0.5 font-mono text-xs" data-token-key>
        {shown}
      </code>
      {masked ? null : (
        <Tooltip content={revealed ? t('tokens.actions.hide') : t('tokens.actions.reveal')}>
          <Button size="icon-sm" variant="ghost" aria-label={revealed ? t('tokens.actions.hide') : t('tokens.actions.reveal')} onClick={() => setRevealed(!revealed)}>
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </Button>
        </Tooltip>
      )}
      <Tooltip content={masked ? t('tokens.keyMaskedOffline') : t('tokens.actions.copy')}>
        <span>
          <Button size="icon-sm" variant="ghost" aria-label={t('tokens.actions.copy')} data-copy-key disabled={masked} onClick={() => void copy(withKeyPrefix(tokenKey))}>
            <CopyIcon />
          </Button>
        </span>
      </Tooltip>
    </div>
  );
}
