import { useCallback, useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Download, Plus, Upload, Users } from 'lucide-react';
import { pathOf } from '@common/api-url';
import { contactMessages, type ContactListItem, type ContactSort, type SortDirection } from '@common/contacts';
import { contactsApi } from '@common/contacts-api';
import { Button, buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { SearchBox } from '../../components/search-box';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { formatCount } from '../../lib/format';
import { useCursorPages } from '../../lib/paging';
import { useMediaQuery } from '../../lib/use-media-query';
import { useParamOnce } from '../../lib/use-param-once';
import { CONTACTS_PAGE_SIZE, contactsCountQuery, contactsQuery, type ContactListView } from './api';
import { ContactCards } from './contact-cards';
import { ContactFormModal } from './contact-form-modal';
import { ContactsTable } from './contacts-table';
import { DeleteContactModal } from './delete-contact-modal';
import { ImportModal } from './import-modal';
import { ImportNotice } from './import-notice';
import { useListView } from './list-view';

type Editing = { mode: 'create' } | { mode: 'edit'; contact: ContactListItem } | null;

interface ContactsListProps {
  view: ContactListView;
  onSort: (column: ContactSort) => void;
  onSortChange: (sort: ContactSort, dir: SortDirection) => void;
  onEdit: (contact: ContactListItem) => void;
  onDelete: (contact: ContactListItem) => void;
  /** The header's Create, offered again when there is no contact yet. */
  onCreate: () => void;
}

/** The list as searched and sorted; a new search or sort starts again from page one. */
function ContactsList({ view, onSort, onSortChange, onEdit, onDelete, onCreate }: ContactsListProps) {
  const pages = useCursorPages();
  // The table's five columns need a laptop's width; a phone or a tablet gets one compact row per contact.
  const isWide = useMediaQuery('(min-width: 1024px)');
  // Cursors belong to one search and sort: the trail starts over when either changes. The table stays on
  // screen meanwhile (previous data), so a sort button keeps the focus.
  const viewKey = `${view.q}\n${view.sort}\n${view.dir}`;
  const [seenViewKey, setSeenViewKey] = useState(viewKey);
  if (viewKey !== seenViewKey) {
    setSeenViewKey(viewKey);
    pages.first();
  }
  const cursor = viewKey === seenViewKey ? pages.cursor : null;
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery({
    ...contactsQuery(view, cursor),
    placeholderData: keepPreviousData,
  });
  const { data: total } = useQuery(contactsCountQuery());

  useEffect(() => {
    if (isError) toast.error(contactMessages.loadFailed, { id: 'contacts-load' });
  }, [isError]);

  // Deleting the last contact of a later page would leave an empty page: step back.
  const { pageIndex, previous } = pages;
  useEffect(() => {
    if (data && data.items.length === 0 && pageIndex > 0) previous();
  }, [data, pageIndex, previous]);

  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading contacts" className="size-6 text-indigo-500" />
      </div>
    );
  }
  if (!data) {
    return (
      <EmptyState
        message={contactMessages.loadFailed}
        action={
          <Button variant="secondary" onClick={() => refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (data.items.length === 0) {
    return (
      <EmptyState
        icon={<Users aria-hidden="true" className="size-6" />}
        message={view.q ? contactMessages.noMatches : contactMessages.empty}
        action={
          !view.q && (
            <Button onClick={onCreate}>
              <Plus aria-hidden="true" className="size-4" />
              Create
            </Button>
          )
        }
      />
    );
  }
  return (
    <>
      {isWide ? (
        <ContactsTable contacts={data.items} view={view} onSort={onSort} onEdit={onEdit} onDelete={onDelete} />
      ) : (
        <ContactCards
          contacts={data.items}
          view={view}
          onSortChange={onSortChange}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}
      <Pagination
        pageIndex={pages.pageIndex}
        pageSize={CONTACTS_PAGE_SIZE}
        shown={data.items.length}
        // The total counts every contact: a searched list has no total of its own.
        total={view.q ? undefined : total}
        hasNext={data.nextCursor !== null && !isPlaceholderData}
        onFirst={pages.first}
        onPrevious={pages.previous}
        onNext={() => data.nextCursor && pages.next(data.nextCursor)}
      />
    </>
  );
}

export function ContactsPage() {
  const [view, setView] = useListView();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ContactListItem | null>(null);
  const [importing, setImporting] = useState(false);
  const { data: total } = useQuery(contactsCountQuery());
  // The command menu's "Create contact" links here with ?new=1.
  useParamOnce('new', () => setEditing({ mode: 'create' }));

  const search = useCallback((q: string) => setView({ q }), [setView]);
  const sortBy = (column: ContactSort) =>
    setView({ sort: column, dir: view.sort === column && view.dir === 'asc' ? 'desc' : 'asc' });

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
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <SearchBox
          q={view.q}
          onSearch={search}
          label={contactMessages.searchLabel}
          placeholder={contactMessages.searchPlaceholder}
          maxLength={100}
          className="w-full sm:max-w-sm"
        />
        <div className="flex flex-wrap gap-2">
          <a href={pathOf(contactsApi.export)} download className={buttonClasses('secondary')}>
            <Download aria-hidden="true" className="size-4" />
            {contactMessages.exportLabel}
          </a>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            <Upload aria-hidden="true" className="size-4" />
            {contactMessages.importLabel}
          </Button>
        </div>
      </div>
      <ImportNotice hidden={importing} />
      <Card className="overflow-hidden">
        <ContactsList
          view={view}
          onSort={sortBy}
          onSortChange={(sort, dir) => setView({ sort, dir })}
          onEdit={(contact) => setEditing({ mode: 'edit', contact })}
          onDelete={setDeleting}
          onCreate={() => setEditing({ mode: 'create' })}
        />
      </Card>
      <ContactFormModal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        contact={editing?.mode === 'edit' ? editing.contact : null}
      />
      <DeleteContactModal contact={deleting} onClose={() => setDeleting(null)} />
      <ImportModal open={importing} onOpenChange={setImporting} />
    </>
  );
}
