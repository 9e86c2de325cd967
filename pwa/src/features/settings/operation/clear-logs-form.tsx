import { Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { DateTimeInput } from '../../../components/ui/date-time-input';
import { useOnline } from '../../../lib/online-status';
import { formatTimestamp, parseDateTimeInput, toDateTimeInput } from '../../../lib/time-format';
import { useClearLogs } from '../queries';
import { oneMonthAgo } from './month-ago';

/** Deletes every usage log written before the chosen time (default: one month ago), after asking. */
export function ClearLogsForm() {
  const { t } = useTranslation();
  const online = useOnline();
  const [value, setValue] = useState(() => toDateTimeInput(oneMonthAgo()));
  const [confirming, setConfirming] = useState(false);
  const clear = useClearLogs();
  const target = parseDateTimeInput(value);

  const ask = (e: FormEvent) => {
    e.preventDefault();
    if (!value || Number.isNaN(target)) {
      toast.error(t('settings.clearLogs.required'));
      return;
    }
    setConfirming(true);
  };
  const run = async () => {
    try {
      const count = await clear.mutateAsync(target);
      toast.success(t('settings.clearLogs.done', { count }));
    } catch {
      /* the server's message was shown by the mutation cache */
    } finally {
      setConfirming(false);
    }
  };

  return (
    <form onSubmit={ask} noValidate className="grid gap-3 border-t pt-4 sm:grid-cols-[minmax(0,18rem)_auto] sm:items-end" data-clear-logs>
      <Field label={t('settings.clearLogs.label')} htmlFor="clear-logs-before" hint={t('settings.clearLogs.hint')}>
        <DateTimeInput id="clear-logs-before" value={value} onChange={(e) => setValue(e.target.value)} />
      </Field>
      <Button type="submit" variant="outline" className="text-destructive mobile:w-full sm:mb-[1.375rem]" disabled={!online || clear.isPending}>
        <Trash2Icon />
        {t('settings.clearLogs.submit')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('settings.clearLogs.confirmTitle')}
        description={t('settings.clearLogs.confirmText', { time: formatTimestamp(target) })}
        destructive
        pending={clear.isPending}
        onConfirm={() => void run()}
      />
    </form>
  );
}
