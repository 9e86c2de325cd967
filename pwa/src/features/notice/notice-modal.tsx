import { useQuery } from '@tanstack/react-query';
import { MegaphoneIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { localStore } from '../../lib/local-store';
import { renderSafeMarkdown } from '../../lib/sanitize-html';
import { storageKeys } from '../../lib/storage-keys';
import { localDateKey } from '../../lib/time-format';
import { noticeQuery } from './api';
import { noticeVisible } from './notice-visibility';

const SESSION_FLAG = 'notice-closed';

/** The announcement, once per day, with "don't show today". */
export function NoticeModal() {
  const { t } = useTranslation();
  const { data } = useQuery(noticeQuery());
  const [closed, setClosed] = useState(() => sessionStorage.getItem(SESSION_FLAG) === '1');
  const html = useMemo(() => (data ? renderSafeMarkdown(data) : ''), [data]);
  const open = noticeVisible(data, localStore.get(storageKeys.noticeLastHiddenDate), localDateKey(), closed);
  const close = () => {
    sessionStorage.setItem(SESSION_FLAG, '1');
    setClosed(true);
  };
  const hideToday = () => {
    localStore.set(storageKeys.noticeLastHiddenDate, localDateKey());
    close();
  };
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? undefined : close())}>
      <DialogContent className="max-w-xl" data-notice-modal>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <MegaphoneIcon className="size-4 text-primary" />
            {t('notice.title')}
          </DialogTitle>
          <DialogDescription className="sr-only">{t('notice.title')}</DialogDescription>
        </DialogHeader>
        <div className="prose-content max-h-[55vh] overflow-y-auto" dangerouslySetInnerHTML={{ __html: html }} />
        <DialogFooter>
          <Button variant="outline" onClick={hideToday}>
            {t('notice.hideToday')}
          </Button>
          <Button onClick={close}>{t('notice.close')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
