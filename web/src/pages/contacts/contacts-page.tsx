import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Plus, Users } from 'lucide-react';
import { contactMessages, type Contact } from '@common/contacts';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { CONTACTS_PAGE_SIZE, contactsQuery, useDeleteContact } from './api';
import { ContactFormModal } from './contact-form-modal';
import { ContactsTable } from './contacts-table';

type Editing = { mode: 'create' } | { mode: 'edit'; contact: Contact } | null;

export function ContactsPage() {
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const { data, isPending, isError, refetch } = useQuery({ ...contactsQuery(offset), placeholderData: keepPreviousData });
  const remove = useDeleteContact();

  useEffect(() => {
    if (isError) toast.error(contactMessages.loadFailed, { id: 'contacts-load' });
  }, [isError]);

  // Deleting the last contact of a later page would leave an empty page: step back.
  useEffect(() => {
    if (data && data.items.length === 0 && offset > 0) setOffset(Math.max(0, offset - CONTACTS_PAGE_SIZE));
  }, [data, offset]);

  const confirmDelete = () => {
    if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
  };

  return (
    <>
      <PageTitle
        title="Contacts"
        description={data ? `${data.total} ${data.total === 1 ? 'contact' : 'contacts'}` : undefined}
        actions={
          <Button onClick={() => setEditing({ mode: 'create' })}>
            <Plus aria-hidden="true" className="size-4" />
            Create
          </Button>
        }
      />
      <Card className="overflow-hidden">
        {isPending ? (
          <div className="flex justify-center py-16">
            <Spinner label="Loading contacts" className="size-6 text-indigo-500" />
          </div>
        ) : !data ? (
          <EmptyState
            message={contactMessages.loadFailed}
            action={
              <Button variant="secondary" onClick={() => refetch()}>
                Retry
              </Button>
            }
          />
        ) : data.items.length === 0 ? (
          <EmptyState icon={<Users aria-hidden="true" className="size-6" />} message={contactMessages.empty} />
        ) : (
          <>
            <ContactsTable
              contacts={data.items}
              onEdit={(contact) => setEditing({ mode: 'edit', contact })}
              onDelete={setDeleting}
            />
            <Pagination offset={offset} pageSize={CONTACTS_PAGE_SIZE} total={data.total} onOffsetChange={setOffset} />
          </>
        )}
      </Card>
      <ContactFormModal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        contact={editing?.mode === 'edit' ? editing.contact : null}
      />
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Contact"
        message="Are you sure you want to delete this contact?"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
