import { useTranslation } from 'react-i18next';
import { SecretCell } from '../../components/data-table/secret-cell';
import { withKeyPrefix } from '../../lib/chat-link';

/** The key with its sk- prefix, masked unless revealed, with a copy button (disabled for masked offline data). */
export function TokenKeyCell({ tokenKey }: { tokenKey: string }) {
  const { t } = useTranslation();
  return (
    <SecretCell
      value={tokenKey}
      format={withKeyPrefix}
      revealable
      labels={{ copy: t('tokens.actions.copy'), reveal: t('tokens.actions.reveal'), hide: t('tokens.actions.hide'), maskedOffline: t('tokens.keyMaskedOffline') }}
      codeData={{ 'data-token-key': '' }}
    />
  );
}
