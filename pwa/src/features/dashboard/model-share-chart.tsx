import { useTranslation } from 'react-i18next';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { abbreviateNumber } from '../../lib/quota-format';
import { seriesColor } from './chart-colors';
import { ChartEmpty } from './chart-empty';
import { OTHER, type ModelUsage } from './usage-series';

/** Share of calls per model (a donut), with the counts listed beside it. */
export function ModelShareChart({ models, charted }: { models: ModelUsage[]; charted: string[] }) {
  const { t } = useTranslation();
  const slices = charted.map((key, i) => {
    const count = key === OTHER ? models.filter((m) => !charted.includes(m.model)).reduce((sum, m) => sum + m.count, 0) : (models.find((m) => m.model === key)?.count ?? 0);
    return { key, name: key === OTHER ? t('dashboard.other') : key, count, color: seriesColor(key, i) };
  });
  const total = slices.reduce((sum, s) => sum + s.count, 0);
  return (
    <Card data-chart="share">
      <CardHeader>
        <CardTitle>{t('dashboard.charts.share')}</CardTitle>
      </CardHeader>
      <CardContent>
        {total === 0 ? (
          <ChartEmpty />
        ) : (
          <div className="grid items-center gap-4 sm:grid-cols-[180px_1fr]">
            <div className="mx-auto size-44">
              <ResponsiveContainer width="100%" height="100%">
                <PieChart>
                  <Pie data={slices} dataKey="count" nameKey="name" innerRadius="58%" outerRadius="100%" paddingAngle={1} stroke="none" isAnimationActive={false}>
                    {slices.map((s) => (
                      <Cell key={s.key} fill={s.color} />
                    ))}
                  </Pie>
                  <Tooltip formatter={(value) => abbreviateNumber(Number(value))} contentStyle={{ background: 'var(--popover)', border: '1px solid var(--border)', borderRadius: 8, fontSize: 12 }} />
                </PieChart>
              </ResponsiveContainer>
            </div>
            <ul className="grid gap-2 text-[13px]" data-share-list>
              {slices.map((s) => (
                <li key={s.key} className="flex items-center gap-2">
                  <span className="size-2.5 shrink-0 rounded-full" style={{ background: s.color }} />
                  <span className="min-w-0 flex-1 truncate font-mono text-xs">{s.name}</span>
                  <span className="tabular-nums text-muted-foreground">{abbreviateNumber(s.count)}</span>
                  <span className="w-12 text-right tabular-nums">{((s.count / total) * 100).toFixed(1)}%</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
