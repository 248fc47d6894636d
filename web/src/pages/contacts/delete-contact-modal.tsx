import { useQuery } from '@tanstack/react-query';
import { contactMessages } from '@common/contacts';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { contactDetailQuery, useDeleteContact } from './api';

interface DeleteContactModalProps {
  /** The contact to delete; none keeps the modal closed. */
  contact: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Asks before deleting, and says what becomes of the contact's deals: they stay, without a contact. */
export function DeleteContactModal({ contact, onClose, onDeleted }: DeleteContactModalProps) {
  const remove = useDeleteContact();
  const details = useQuery({ ...contactDetailQuery(contact?.id ?? ''), enabled: contact !== null });
  const dealCount = details.data?.dealCount;

  const confirm = () => {
    if (!contact) return;
    remove.mutate(contact.id, {
      onSuccess: () => {
        onClose();
        onDeleted?.();
      },
    });
  };

  return (
    <Modal
      open={contact !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={contactMessages.deleteTitle}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {contact ? contactMessages.deleteConfirm(contact.name) : ''}
      </p>
      {/* Polite: the deal count arrives a moment after the dialog opens. */}
      <div aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-600 dark:text-slate-400">
        {details.isPending && contact ? (
          <Spinner label="Checking the contact's deals" />
        ) : dealCount ? (
          <p>{contactMessages.deleteKeepsDeals(dealCount)}</p>
        ) : null}
      </div>
    </Modal>
  );
}
