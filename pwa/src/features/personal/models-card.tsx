import { useQuery } from '@tanstack/react-query';
import { BoxesIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useCopy } from '../../hooks/use-copy';
import { userModelsQuery } from '../account/queries';

export const MODELS_COLLAPSED = 10;

/** Model tags; beyond 10 the rest are collapsed. */
export function ModelsCard() {
  const { t } = useTranslation();
  const copy = useCopy();
  const { data = [] } = useQuery(userModelsQuery());
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? data : data.slice(0, MODELS_COLLAPSED);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BoxesIcon className="size-4 text-primary" />
          {t('personal.models.title')}
          <span className="text-xs font-normal text-muted-foreground">({data.length})</span>
        </CardTitle>
        <CardDescription>{t('personal.models.hint')}</CardDescription>
      </CardHeader>
      <CardContent>
        {data.length === 0 ? <p className="text-sm text-muted-foreground">{t('personal.models.empty')}</p> : null}
        <div className="flex flex-wrap gap-1.5" data-models>
          {shown.map((m) => (
            <button key={m} type="button" data-compact onClick={() => void copy(m)} className="rounded-md border bg-secondary/60 px-2 py-1 font-mono text-xs hover:border-primary/40 hover:bg-primary/10">
              {m}
            </button>
          ))}
          {data.length > MODELS_COLLAPSED ? (
            <Button variant="link" size="xs" onClick={() => setExpanded(!expanded)}>
              {expanded ? t('common.collapse') : t('common.showMore', { count: data.length - MODELS_COLLAPSED })}
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
