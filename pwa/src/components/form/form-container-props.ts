import type { FormEvent, ReactNode } from 'react';

/** What a form container (the dialog or the side drawer) takes; both render the same header, body and footer. */
export interface FormContainerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  onSubmit: (e: FormEvent) => void;
  pending?: boolean;
  submitLabel?: string;
  /** data-* attributes for the container (tests find it by them). */
  data?: Record<`data-${string}`, string>;
  children: ReactNode;
}
