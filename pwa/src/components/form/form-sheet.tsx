import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '../ui/sheet';
import type { FormContainerProps } from './form-container-props';
import { FormFooter } from './form-footer';

/** A create/edit form in a side drawer: full width on phones, 540 px on larger screens. */
export function FormSheet({ open, onOpenChange, title, description, onSubmit, pending = false, submitLabel, data, children }: FormContainerProps) {
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
