import type { ComponentProps, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/class-names';
import { formatDateTimeInput } from '../../lib/time-format';
import { Input } from './input';

type Props = Omit<ComponentProps<'input'>, 'type' | 'value'> & { value: string };

/**
 * A native datetime-local picker whose text follows the console language. Chromium renders the value in its
 * own UI locale (11/25/2026, 01:18 AM) whatever the page's `lang`, so the native fields are hidden and the
 * value is drawn over them; the native picker still opens, from a click anywhere in the field.
 */
export function DateTimeInput({ className, value, onClick, placeholder, ...props }: Props) {
  const { t, i18n } = useTranslation();
  const text = formatDateTimeInput(value, i18n.language);
  const openPicker = (event: MouseEvent<HTMLInputElement>) => {
    onClick?.(event);
    try {
      event.currentTarget.showPicker?.();
    } catch {
      // no picker (older browser or not allowed here): the native fields still take typing
    }
  };
  return (
    <div className="relative w-full min-w-0">
      <Input
        type="datetime-local"
        lang={i18n.language}
        value={value}
        onClick={openPicker}
        className={cn('[&::-webkit-datetime-edit]:opacity-0', className)}
        data-date-time-input
        {...props}
      />
      <span
        aria-hidden
        className={cn('pointer-events-none absolute inset-y-0 left-3 right-9 flex items-center truncate text-sm tabular-nums', !text && 'text-muted-foreground/80')}
        data-date-time-text
      >
        {text || (placeholder ?? t('common.dateTimePlaceholder'))}
      </span>
    </div>
  );
}
