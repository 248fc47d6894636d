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
import { formatCount } from '../../lib/format';
import { useCursorPages } from '../../lib/paging';
import { CONTACTS_PAGE_SIZE, contactsCountQuery, contactsQuery, useDeleteContact } from './api';
import { ContactFormModal } from './contact-form-modal';
import { ContactsTable } from './contacts-table';

type Editing = { mode: 'create' } | { mode: 'edit'; contact: Contact } | null;

export function ContactsPage() {
  const pages = useCursorPages();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery({
    ...contactsQuery(pages.cursor),
    placeholderData: keepPreviousData,
  });
  const { data: total } = useQuery(contactsCountQuery());
  const remove = useDeleteContact();

  useEffect(() => {
    if (isError) toast.error(contactMessages.loadFailed, { id: 'contacts-load' });
  }, [isError]);

  // Deleting the last contact of a later page would leave an empty page: step back.
  const { pageIndex, previous } = pages;
  useEffect(() => {
    if (data && data.items.length === 0 && pageIndex > 0) previous();
  }, [data, pageIndex, previous]);

  const confirmDelete = () => {
    if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
  };

  return (
    <>
      <PageTitle
        title="Contacts"
        description={
          total ? `${formatCount(total)} ${total.count === 1 && !total.hasMore ? 'contact' : 'contacts'}` : undefined
        }
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
            <Pagination
              pageIndex={pages.pageIndex}
              pageSize={CONTACTS_PAGE_SIZE}
              shown={data.items.length}
              total={total}
              hasNext={data.nextCursor !== null && !isPlaceholderData}
              onFirst={pages.first}
              onPrevious={pages.previous}
              onNext={() => data.nextCursor && pages.next(data.nextCursor)}
            />
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
