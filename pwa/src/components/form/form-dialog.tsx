import type { FormEvent } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import type { FormContainerProps } from './form-container-props';
import { FormFooter } from './form-footer';

/** A small form in a centred dialog. It may open from inside a drawer's form. */
export function FormDialog({ open, onOpenChange, title, description, onSubmit, pending = false, submitLabel, data, children }: FormContainerProps) {
  // React sends a portal's events up its component tree, so this submit would also reach a drawer form around it.
  const submit = (e: FormEvent) => {
    e.stopPropagation();
    onSubmit(e);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent {...data}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <FormFooter pending={pending} onCancel={() => onOpenChange(false)} submitLabel={submitLabel} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
