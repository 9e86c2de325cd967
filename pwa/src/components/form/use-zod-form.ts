import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';

export type FormValues = Record<string, unknown>;
export type FieldErrors<V extends FormValues> = Partial<Record<keyof V, string>>;
type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V];

/** The first message per top-level field; messages are i18n keys. */
export function fieldErrors<V extends FormValues>(error: z.ZodError): FieldErrors<V> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in found)) found[key] = issue.message;
  }
  return found as FieldErrors<V>;
}

/**
 * The console's one form approach: controlled values (text inputs keep strings), checked by a zod schema
 * whose output is the request body and whose messages are i18n keys. A submit while the previous one is
 * still running is refused with 提交失败，请勿重复提交！; offline there is no submit at all.
 */
export function useZodForm<V extends FormValues, Out>(schema: z.ZodType<Out, V>, initial: V, options: { invalidMessage?: string } = {}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    setErrors((prev) => ({ ...prev, [key]: undefined }));
  };
  const reset = (next: V) => {
    setValues(next);
    setErrors({});
  };
  /** Props for a text input bound to a string field. */
  const bind = <K extends TextKeys<V>>(key: K) => ({
    value: values[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as V[K]),
    'aria-invalid': errors[key] ? true : undefined,
  });
  const error = (key: keyof V) => (errors[key] ? t(errors[key]) : undefined);

  const submit = (onValid: (data: Out) => Promise<unknown>) => async (e?: FormEvent) => {
    e?.preventDefault();
    if (inFlight.current) {
      toast.error(t('form.duplicateSubmit'));
      return;
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors<V>(parsed.error);
      setErrors(found);
      // Settings forms say 请检查输入 for any failed check; the fields carry their own messages.
      const first = options.invalidMessage ?? Object.values(found)[0];
      if (typeof first === 'string') toast.error(t(first));
      return;
    }
    if (!navigator.onLine) {
      toast.error(t('common.offlineAction'));
      return;
    }
    inFlight.current = true;
    setPending(true);
    try {
      await onValid(parsed.data);
    } catch {
      /* a failed request was already reported by the mutation cache */
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  return { values, set, reset, bind, error, errors, submit, pending };
}
