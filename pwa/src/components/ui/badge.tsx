import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/class-names';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-md border px-1.5 py-0.5 text-xs font-medium [&_svg]:size-3',
  {
    variants: {
      tone: {
        gray: 'border-transparent bg-muted text-muted-foreground',
        primary: 'border-transparent bg-primary/12 text-primary',
        green: 'border-transparent bg-emerald-500/12 text-emerald-700 dark:text-emerald-400',
        blue: 'border-transparent bg-blue-500/12 text-blue-700 dark:text-blue-400',
        orange: 'border-transparent bg-orange-500/14 text-orange-700 dark:text-orange-400',
        red: 'border-transparent bg-red-500/12 text-red-700 dark:text-red-400',
        violet: 'border-transparent bg-violet-500/12 text-violet-700 dark:text-violet-400',
        yellow: 'border-transparent bg-amber-500/15 text-amber-700 dark:text-amber-400',
        cyan: 'border-transparent bg-cyan-500/12 text-cyan-700 dark:text-cyan-400',
        outline: 'bg-transparent text-foreground',
      },
    },
    defaultVariants: { tone: 'gray' },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

export function Badge({ className, tone, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ tone }), className)} {...props} />;
}
