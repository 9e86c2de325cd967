import { useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/class-names';
import { Input } from '../ui/input';

interface Props {
  value: string | number;
  /** Saves the typed value; while it runs the input is disabled, a failure keeps the old value. */
  onCommit: (next: string) => Promise<unknown>;
  /** Accessible name of the button and of the input. */
  label: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  /** Refuses a typed value: the input stays open and is marked invalid. */
  validate?: (next: string) => boolean;
  disabled?: boolean;
  className?: string;
}

/** A value edited in place: click to type, Enter or leaving the field saves, Escape cancels. */
export function InlineEditCell({ value, onCommit, label, inputMode = 'text', validate, disabled, className }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const close = () => {
    setDraft(null);
    setInvalid(false);
  };
  const commit = async () => {
    if (draft === null || pending) return;
    const next = draft.trim();
    if (next === String(value)) return close();
    if (validate && !validate(next)) return setInvalid(true);
    setPending(true);
    try {
      await onCommit(next);
    } catch {
      /* the failure was reported by the mutation; the old value stays */
    } finally {
      setPending(false);
      close();
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void commit();
    } else if (e.key === 'Escape') {
      e.stopPropagation();
      close();
    }
  };
  if (draft === null) {
    return (
      <button
        type="button"
        aria-label={label}
        disabled={disabled}
        data-inline-edit
        onClick={(e) => (e.stopPropagation(), setDraft(String(value)))}
        className={cn('rounded px-1 tabular-nums underline decoration-dashed decoration-muted-foreground/50 underline-offset-4 hover:bg-accent disabled:cursor-default disabled:no-underline', className)}
      >
        {value}
      </button>
    );
  }
  return (
    <Input
      autoFocus
      aria-label={label}
      aria-invalid={invalid || undefined}
      inputMode={inputMode}
      value={draft}
      disabled={pending}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => (setDraft(e.target.value), setInvalid(false))}
      onKeyDown={onKeyDown}
      onBlur={() => void commit()}
      className={cn('h-7 w-24 px-2 tabular-nums', className)}
    />
  );
}
