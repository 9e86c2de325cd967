import type { ReactNode } from 'react';

/** A titled group of drawer fields. */
export function FormSection({ title, children, data }: { title: string; children: ReactNode; data?: string }) {
  return (
    <section className="grid gap-4" data-channel-section={data}>
      <h3 className="border-b pb-1 text-sm font-semibold text-muted-foreground">{title}</h3>
      {children}
    </section>
  );
}
