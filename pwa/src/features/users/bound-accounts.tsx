import { useTranslation } from 'react-i18next';
import type { User } from '../../../../core/contracts/user';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Separator } from '../../components/ui/separator';

const BINDINGS = ['github_id', 'oidc_id', 'wechat_id', 'email', 'telegram_id', 'linux_do_id'] as const;

/** The accounts a user bound on their personal page: shown, never edited here. */
export function BoundAccounts({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <section className="grid gap-3" data-bound-accounts>
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <Separator className="flex-1" />
        {t('users.form.readOnly')}
        <Separator className="flex-1" />
      </div>
      {BINDINGS.map((field) => (
        <div key={field} className="grid gap-1.5">
          <Label htmlFor={`bound-${field}`}>{t(`users.bindings.${field}`)}</Label>
          <Input id={`bound-${field}`} value={user[field] ?? ''} readOnly placeholder={t('users.bindings.none')} />
        </div>
      ))}
      <p className="text-xs text-muted-foreground">{t('users.bindings.hint')}</p>
    </section>
  );
}
