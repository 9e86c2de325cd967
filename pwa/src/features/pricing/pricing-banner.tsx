import { CalculatorIcon, CircleAlertIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { groupRatioTone } from '../../lib/group-ratio-tone';
import { cn } from '../../lib/class-names';

interface Props {
  signedIn: boolean;
  ownGroup: string;
  group: string;
  groupRatio: Record<string, number>;
  usableGroup: Record<string, string>;
  onSwitchGroup: (group: string) => void;
}

/** The viewer's group and ratio (or an anonymous warning), the formula, and the group switcher. */
export function PricingBanner({ signedIn, ownGroup, group, groupRatio, usableGroup, onSwitchGroup }: Props) {
  const { t } = useTranslation();
  const groups = Object.keys(groupRatio).filter((g) => g !== '');
  return (
    <div className="grid gap-2.5">
      {signedIn ? (
        <Alert tone="info" data-pricing-banner>
          <UsersIcon />
          <span>{t('pricing.yourGroup', { group: ownGroup, ratio: groupRatio[ownGroup] ?? 1 })}</span>
        </Alert>
      ) : (
        <Alert tone="warning" data-pricing-banner>
          <CircleAlertIcon />
          <span>{t('pricing.anonymous')}</span>
        </Alert>
      )}
      <Alert tone="neutral">
        <CalculatorIcon />
        <span className="text-[13px]">{t('pricing.formula')}</span>
      </Alert>
      {groups.length > 1 ? (
        <div className="flex flex-wrap items-center gap-1.5" data-group-switcher>
          <span className="mr-1 text-xs text-muted-foreground">{t('pricing.groups')}</span>
          {groups.map((g) => (
            <button key={g} type="button" data-compact onClick={() => onSwitchGroup(g)} title={usableGroup[g]} className={cn('rounded-md transition', g === group ? 'ring-2 ring-primary ring-offset-1 ring-offset-background' : 'opacity-80 hover:opacity-100')}>
              <Badge tone={groupRatioTone(groupRatio[g] ?? 1)} className="px-2 py-1">
                {g} ×{groupRatio[g]}
              </Badge>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
