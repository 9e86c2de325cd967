import { cn } from '../../lib/class-names';

/** A horizontal bar for a 0–100 value. */
export function Progress({ value, className, tone = 'primary' }: { value: number; className?: string; tone?: 'primary' | 'success' | 'danger' }) {
  const width = Math.max(0, Math.min(100, value));
  const bar = { primary: 'bg-primary', success: 'bg-emerald-500', danger: 'bg-red-500' }[tone];
  return (
    <div role="progressbar" aria-valuenow={width} aria-valuemin={0} aria-valuemax={100} className={cn('h-1.5 w-full overflow-hidden rounded-full bg-muted', className)}>
      <div className={cn('h-full rounded-full transition-[width]', bar)} style={{ width: `${width}%` }} />
    </div>
  );
}

/** A small ring for a 0–100 value. */
export function ProgressRing({ value, size = 28, tone = 'primary' }: { value: number; size?: number; tone?: 'primary' | 'success' | 'danger' }) {
  const r = (size - 4) / 2;
  const c = 2 * Math.PI * r;
  const v = Math.max(0, Math.min(100, value));
  const colour = { primary: 'stroke-primary', success: 'stroke-emerald-500', danger: 'stroke-red-500' }[tone];
  return (
    <svg width={size} height={size} role="progressbar" aria-valuenow={v} className="-rotate-90">
      <circle cx={size / 2} cy={size / 2} r={r} className="fill-none stroke-muted" strokeWidth={3} />
      <circle cx={size / 2} cy={size / 2} r={r} className={cn('fill-none transition-all', colour)} strokeWidth={3} strokeDasharray={c} strokeDashoffset={c * (1 - v / 100)} strokeLinecap="round" />
    </svg>
  );
}
