import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useZodForm } from '../../components/form/use-zod-form';
import type { OptionMap } from './api';
import { changedEntries, draftOf, sectionSchema, type FieldDef } from './option-fields';
import { rebaseDraft, sameDraft, type Draft } from './option-values';
import { useSaveOptions } from './queries';
import { notifySaveOutcome } from './save-outcome';

export interface SectionHooks {
  /** A check across fields or against saved options before anything is sent: an i18n key, or null. */
  check?: (values: Draft, options: OptionMap) => string | null;
  /** Completes the values before the diff (OIDC discovery); null stops the save. */
  prepare?: (values: Draft) => Promise<Draft | null>;
}

/**
 * One settings card's form: the fields start from the server's options, a save sends only the keys that
 * changed (one PUT each) and says 你似乎并没有修改什么 when there are none.
 */
export function useOptionSection(fields: readonly FieldDef[], options: OptionMap, hooks: SectionHooks = {}) {
  const { t } = useTranslation();
  const schema = useMemo(() => sectionSchema(fields), [fields]);
  const base = useMemo(() => draftOf(fields, options), [fields, options]);
  const form = useZodForm(schema, base, { invalidMessage: 'settings.checkInput' });
  const save = useSaveOptions();

  const lastBase = useRef(base);
  useEffect(() => {
    const old = lastBase.current;
    lastBase.current = base;
    if (!sameDraft(old, base)) form.reset(rebaseDraft(form.values, old, base));
    // Only a change of the server's values re-bases the draft (not every keystroke).
  }, [base]);

  const submit = form.submit(async (parsed) => {
    const problem = hooks.check?.(parsed, options);
    if (problem) {
      toast.error(t(problem));
      return;
    }
    const values = hooks.prepare ? await hooks.prepare(parsed) : parsed;
    if (!values) return;
    const changes = changedEntries(fields, values, options);
    if (changes.length === 0) {
      toast.warning(t('settings.noChange'));
      return;
    }
    const result = await save.mutateAsync(changes);
    notifySaveOutcome(result);
    // A saved secret is not shown again (the other fields follow the refreshed options).
    for (const f of fields) if (f.kind === 'secret' && result.saved.includes(f.key)) form.set(f.key, '');
  });

  return { ...form, submit, saving: form.pending };
}
