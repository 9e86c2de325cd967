import { PlusIcon, SaveIcon, XIcon } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useOnline } from '../../../lib/online-status';
import type { OptionMap } from '../api';
import { textKeys as k, type SwitchDef } from '../option-fields';
import { OptionSwitch } from '../option-switch';
import { useSaveOptions } from '../queries';
import { notifySaveOutcome } from '../save-outcome';
import { addDomain, parseDomains } from './domain-list';

const SWITCHES: SwitchDef[] = [
  { key: 'EmailDomainRestrictionEnabled', ...k('emailDomainRestriction') },
  { key: 'EmailAliasRestrictionEnabled', ...k('emailAliasRestriction') },
];

/** Switches plus the domain list editor; the list is saved as one comma-separated option. */
export function EmailWhitelistSection({ options }: { options: OptionMap }) {
  const { t } = useTranslation();
  const online = useOnline();
  const stored = useMemo(() => parseDomains(options.EmailDomainWhitelist), [options.EmailDomainWhitelist]);
  const [domains, setDomains] = useState(stored);
  useEffect(() => setDomains(stored), [stored]);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveOptions();

  const add = () => {
    const next = addDomain(domains, input);
    if ('error' in next) {
      setError(next.error);
      toast.error(t(next.error, { example: 'gmail.com' }));
      return;
    }
    setDomains(next.list);
    setInput('');
    setError(null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const value = domains.join(',');
    if (value === stored.join(',')) {
      toast.warning(t('settings.noChange'));
      return;
    }
    notifySaveOutcome(await save.mutateAsync([{ key: 'EmailDomainWhitelist', value }]));
  };

  return (
    <Card data-settings-section="email-whitelist">
      <CardHeader>
        <CardTitle>{t('settings.sections.emailWhitelist')}</CardTitle>
        <CardDescription>{t('settings.descriptions.emailWhitelist')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {SWITCHES.map((s) => (
            <OptionSwitch key={s.key} def={s} options={options} />
          ))}
        </div>
        <form onSubmit={submit} noValidate className="grid gap-3">
          <Field label={t('settings.whitelist.label')}>
            <ul className="flex min-h-11 flex-wrap gap-1.5 rounded-md border bg-background/40 p-2" data-domain-list>
              {domains.length === 0 ? <li className="px-1 text-[13px] text-muted-foreground">{t('settings.whitelist.empty')}</li> : null}
              {domains.map((d) => (
                <li key={d} className="inline-flex items-center gap-1 rounded-md bg-muted py-0.5 pr-0.5 pl-2 text-[13px]">
                  {d}
                  <button
                    type="button"
                    data-compact
                    aria-label={t('settings.whitelist.remove', { domain: d })}
                    className="relative rounded p-1 text-muted-foreground after:absolute after:-inset-2 hover:bg-background hover:text-foreground"
                    onClick={() => setDomains(domains.filter((x) => x !== d))}
                  >
                    <XIcon className="size-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          </Field>
          <Field label={t('settings.whitelist.add')} htmlFor="whitelist-domain" error={error ? t(error, { example: 'gmail.com' }) : undefined}>
            <div className="flex gap-2">
              <Input
                id="whitelist-domain"
                value={input}
                placeholder={t('settings.whitelist.placeholder')}
                aria-invalid={error ? true : undefined}
                onChange={(e) => {
                  setInput(e.target.value);
                  setError(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    add();
                  }
                }}
              />
              <Button type="button" variant="outline" onClick={add} data-add-domain>
                <PlusIcon />
                {t('settings.whitelist.fill')}
              </Button>
            </div>
          </Field>
          <div>
            <Button type="submit" className="mobile:w-full" disabled={save.isPending || !online} data-save-section>
              <SaveIcon />
              {t('settings.saveWhitelist')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
