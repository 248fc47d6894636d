import { useId, type ComponentProps, type FormEventHandler, type ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface FormModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  size?: ComponentProps<typeof Modal>['size'];
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  /** A save is under way: the dialog stays open, Cancel waits, the submit button spins (unless `saving` says). */
  pending: boolean;
  /** What spins the submit button, when it is not all that `pending` covers (e.g. a delete from the same dialog). */
  saving?: boolean;
  submitDisabled?: boolean;
  /** Buttons before Cancel, e.g. Delete. */
  extraActions?: ReactNode;
  /** Shown instead of the form while it cannot be filled in yet (loading, or failed to load). */
  placeholder?: ReactNode;
  formClassName?: string;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * A dialog around one form, with Cancel and a submit button at the bottom. It cannot be closed while the form is
 * being saved.
 */
export function FormModal({
  open,
  onOpenChange,
  pending,
  saving = pending,
  submitLabel,
  submitDisabled,
  extraActions,
  placeholder,
  onSubmit,
  formClassName,
  children,
  ...modal
}: FormModalProps) {
  const formId = useId();
  return (
    <Modal
      {...modal}
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      footer={
        <>
          {extraActions}
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {placeholder || (
        <form id={formId} onSubmit={onSubmit} noValidate className={formClassName}>
          {children}
        </form>
      )}
    </Modal>
  );
}
