import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/class-names';

const alertVariants = cva('relative flex gap-2.5 rounded-lg border px-3.5 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0', {
  variants: {
    tone: {
      info: 'border-blue-500/25 bg-blue-500/8 text-blue-900 dark:text-blue-200 [&>svg]:text-blue-600 dark:[&>svg]:text-blue-400',
      warning: 'border-amber-500/30 bg-amber-500/10 text-amber-900 dark:text-amber-200 [&>svg]:text-amber-600',
      error: 'border-red-500/30 bg-red-500/8 text-red-900 dark:text-red-200 [&>svg]:text-red-600',
      success: 'border-emerald-500/30 bg-emerald-500/8 text-emerald-900 dark:text-emerald-200 [&>svg]:text-emerald-600',
      neutral: 'bg-muted/60 text-foreground [&>svg]:text-muted-foreground',
    },
  },
  defaultVariants: { tone: 'info' },
});

export function Alert({ className, tone, ...props }: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return <div role="status" className={cn(alertVariants({ tone }), className)} {...props} />;
}
