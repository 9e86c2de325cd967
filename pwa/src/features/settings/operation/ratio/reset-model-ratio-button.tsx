import { RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { useOnline } from '../../../../lib/online-status';
import { useResetModelRatio } from '../../queries';

/** POST /api/option/rest_model_ratio after a confirmation: ModelRatio back to the built-in table. */
export function ResetModelRatioButton() {
  const { t } = useTranslation();
  const online = useOnline();
  const reset = useResetModelRatio();
  const [open, setOpen] = useState(false);
  const run = async () => {
    try {
      await reset.mutateAsync();
      toast.success(t('settings.ratio.resetDone'));
    } catch {
      /* the server's message was shown by the mutation cache */
    } finally {
      setOpen(false);
    }
  };
  return (
    <>
      <Button variant="outline" className="text-destructive mobile:w-full" disabled={!online} onClick={() => setOpen(true)} data-reset-model-ratio>
        <RotateCcwIcon />
        {t('settings.ratio.reset')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('settings.ratio.reset')}
        description={t('settings.ratio.resetConfirm')}
        destructive
        pending={reset.isPending}
        onConfirm={() => void run()}
      />
    </>
  );
}
