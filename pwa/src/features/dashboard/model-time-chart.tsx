import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { seriesColor } from './chart-colors';
import { ChartEmpty } from './chart-empty';
import { OTHER, type SeriesPoint } from './usage-series';

interface Props {
  title: string;
  points: SeriesPoint[];
  /** the charted models, OTHER last */
  keys: string[];
  /** axis and tooltip text for a value */
  format: (value: number) => string;
  /** data attribute for tests */
  name: string;
}

const tooltipStyle = {
  background: 'var(--popover)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  fontSize: 12,
  color: 'var(--popover-foreground)',
  boxShadow: '0 4px 16px rgb(0 0 0 / 0.08)',
};

/** No model, or nothing but zeros (e.g. free calls in the quota chart): bars of height 0 would draw an empty frame. */
const isBlank = (points: SeriesPoint[], keys: string[]) => points.every((p) => keys.every((k) => !p.values[k]));

/** One stacked bar per time bucket, a segment per model. */
export function ModelTimeChart({ title, points, keys, format, name }: Props) {
  const { t } = useTranslation();
  const label = (key: string) => (key === OTHER ? t('dashboard.other') : key);
  return (
    <Card data-chart={name}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {isBlank(points, keys) ? (
          <ChartEmpty />
        ) : (
          <div className="h-72 text-muted-foreground mobile:h-64">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={points} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
                <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
                <XAxis dataKey="label" tick={{ fill: 'currentColor', fontSize: 11 }} tickLine={false} axisLine={false} minTickGap={16} />
                <YAxis tick={{ fill: 'currentColor', fontSize: 11 }} tickLine={false} axisLine={false} width={56} tickFormatter={(v: number) => format(v)} />
                <Tooltip
                  contentStyle={tooltipStyle}
                  cursor={{ fill: 'currentColor', fillOpacity: 0.06 }}
                  formatter={(value, key) => [format(Number(value)), String(key)]}
                />
                <Legend iconType="circle" iconSize={8} itemSorter={null} wrapperStyle={{ fontSize: 12 }} formatter={(value: string) => <span className="text-foreground">{value}</span>} />
                {keys.map((key, i) => (
                  <Bar key={key} name={label(key)} dataKey={(p: SeriesPoint) => p.values[key] ?? 0} stackId="models" fill={seriesColor(key, i)} maxBarSize={48} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
