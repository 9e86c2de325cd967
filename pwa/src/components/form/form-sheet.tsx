import type { FormEvent, ReactNode } from 'react';
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '../ui/sheet';
import { FormFooter } from './form-footer';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  onSubmit: (e: FormEvent) => void;
  pending: boolean;
  submitLabel?: string;
  /** data-* attributes for the drawer (tests find it by them). */
  data?: Record<`data-${string}`, string>;
  children: ReactNode;
}

/** A create/edit form in a side drawer: full width on phones, 540 px on larger screens. */
export function FormSheet({ open, onOpenChange, title, description, onSubmit, pending, submitLabel, data, children }: Props) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent {...data}>
        <form onSubmit={onSubmit} noValidate className="flex h-full flex-col">
          <SheetHeader>
            <SheetTitle>{title}</SheetTitle>
            <SheetDescription>{description}</SheetDescription>
          </SheetHeader>
          <SheetBody className="grid content-start gap-5">{children}</SheetBody>
          <FormFooter inSheet pending={pending} onCancel={() => onOpenChange(false)} submitLabel={submitLabel} />
        </form>
      </SheetContent>
    </Sheet>
  );
}
