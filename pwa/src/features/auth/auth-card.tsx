import type { ReactNode } from 'react';
import { useSiteStatus } from '../status/queries';

/** The centred card used by sign-in, sign-up, reset and setup. */
export function AuthCard({ title, subtitle, children, wide }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode; wide?: boolean }) {
  const status = useSiteStatus();
  return (
    <div className="relative flex flex-1 items-start justify-center overflow-hidden px-3 py-8 sm:items-center sm:py-12">
      <div aria-hidden className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,var(--color-primary)_0%,transparent_60%)] opacity-[0.07]" />
      <div className={`relative w-full ${wide ? 'max-w-xl' : 'max-w-[400px]'}`}>
        <div className="mb-5 flex flex-col items-center gap-3 text-center">
          <img src={status.logo || '/logo.png'} alt="" className="size-11 rounded-xl shadow-sm" />
          <div>
            <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
            {subtitle ? <p className="mt-1 text-[13px] text-muted-foreground">{subtitle}</p> : null}
          </div>
        </div>
        <div className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">{children}</div>
      </div>
    </div>
  );
}
