import { Button } from './button';
import { Modal } from './modal';

interface ConfirmModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question, e.g. "Are you sure you want to delete this contact?" */
  message: string;
  /** The second line; the spec's is always "This action cannot be undone." */
  detail?: string;
  confirmLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
}

/** Asks before a destructive action; the spec's second line is always "This action cannot be undone." */
export function ConfirmModal({
  open,
  onOpenChange,
  title,
  message,
  detail = 'This action cannot be undone.',
  confirmLabel = 'Delete',
  pending,
  onConfirm,
}: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">{message}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{detail}</p>
    </Modal>
  );
}
