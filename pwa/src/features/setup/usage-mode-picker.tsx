import { CircleHelpIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { cn } from '../../lib/class-names';
import type { UsageMode } from './setup-validation';

const MODES: UsageMode[] = ['external', 'self', 'demo'];

/** External operation (default), self-use or demo, with an explanation dialog. */
export function UsageModePicker({ value, onChange }: { value: UsageMode; onChange: (mode: UsageMode) => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between">
        <span className="text-[13px] font-medium">{t('setup.modeTitle')}</span>
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="link" size="xs" className="h-auto px-0">
              <CircleHelpIcon />
              {t('setup.modeHelp')}
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{t('setup.modeHelp')}</DialogTitle>
              <DialogDescription className="sr-only">{t('setup.modeHelp')}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-3 text-sm">
              {MODES.map((m) => (
                <div key={m}>
                  <p className="font-medium">{t(`setup.modes.${m}`)}</p>
                  <p className="mt-0.5 text-muted-foreground">{t(`setup.modes.${m}Desc`)}</p>
                </div>
              ))}
            </div>
          </DialogContent>
        </Dialog>
      </div>
      <RadioGroup value={value} onValueChange={(v) => onChange(v as UsageMode)} className="grid gap-2 sm:grid-cols-3">
        {MODES.map((m) => (
          <label
            key={m}
            className={cn(
              'flex cursor-pointer items-start gap-2.5 rounded-lg border p-3 transition-colors hover:bg-muted/50',
              value === m && 'border-primary bg-primary/5 ring-1 ring-primary/30',
            )}
          >
            <RadioGroupItem value={m} className="mt-0.5" />
            <span className="grid gap-0.5">
              <span className="text-sm font-medium">{t(`setup.modes.${m}`)}</span>
              <span className="line-clamp-2 text-xs text-muted-foreground">{t(`setup.modes.${m}Desc`)}</span>
            </span>
          </label>
        ))}
      </RadioGroup>
    </div>
  );
}
