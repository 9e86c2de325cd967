import { Link } from '@tanstack/react-router';
import { SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../features/status/queries';
import { Tooltip } from '../ui/tooltip';

/** Logo and system name; a small decoration on 1 January. */
export function Brand() {
  const status = useSiteStatus();
  const { t } = useTranslation();
  const today = new Date();
  const newYear = today.getMonth() === 0 && today.getDate() === 1;
  return (
    <Link to="/" className="flex min-w-0 items-center gap-2 rounded-md font-semibold tracking-tight" data-compact>
      <img src={status.logo || '/logo.png'} alt="" className="size-7 shrink-0 rounded-md object-contain" />
      <span className="truncate text-[15px]">{status.system_name || 'Ferryman'}</span>
      {newYear ? (
        <Tooltip content={t('nav.newYear')}>
          <SparklesIcon className="size-4 text-amber-500" aria-label={t('nav.newYear')} />
        </Tooltip>
      ) : null}
    </Link>
  );
}
