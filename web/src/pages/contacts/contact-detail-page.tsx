import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { contactMessages, type Contact } from '@common/contacts';
import { isHttpUrl } from '@common/form-rules';
import { peopleLabels } from '@common/team-messages';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { Card, CardHeader, CardTitle } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { formatDate, orDash } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { RelatedEmails } from '../email/related-emails';
import { contactDetailQuery } from './api';
import { ContactDeals, ContactTasks } from './contact-detail-sections';
import { ContactFormModal } from './contact-form-modal';
import { DeleteContactModal } from './delete-contact-modal';

/** The list as it was left (its search and sort), when the reader came from it. */
function useListAddress() {
  const state: unknown = useLocation().state;
  const search =
    typeof state === 'object' && state !== null && 'listSearch' in state && typeof state.listSearch === 'string'
      ? state.listSearch
      : '';
  return `/app/contacts${search}`;
}

function BackLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-700 hover:text-indigo-700 dark:text-slate-300 dark:hover:text-indigo-300"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to contacts
    </Link>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function ContactFields({ contact }: { contact: Contact }) {
  const linkClass = 'text-indigo-700 hover:underline dark:text-indigo-300';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
      </CardHeader>
      <dl className="grid gap-4 p-5 sm:grid-cols-2">
        <Detail label="Email">
          {contact.email ? (
            <a href={`mailto:${contact.email}`} className={linkClass}>
              {contact.email}
            </a>
          ) : (
            '-'
          )}
        </Detail>
        <Detail label="Phone">
          {contact.phone ? (
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
              {contact.phone}
            </a>
          ) : (
            '-'
          )}
        </Detail>
        <Detail label="Company">{orDash(contact.company)}</Detail>
        <Detail label="Website">
          {contact.website && isHttpUrl(contact.website) ? (
            <a href={contact.website} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {contact.website}
            </a>
          ) : (
            orDash(contact.website)
          )}
        </Detail>
        <Detail label="Added">{orDash(formatDate(contact.createdAt))}</Detail>
        <Detail label={peopleLabels.owner}>{contact.ownerName}</Detail>
      </dl>
    </Card>
  );
}

/** /app/contacts/:id: the contact's fields, its deals and their tasks, with Edit and Delete. */
export function ContactDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const listAddress = useListAddress();
  const detail = useQuery(contactDetailQuery(id));
  useDocumentTitle(detail.data?.contact.name);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (detail.isPending) {
    return (
      <>
        <BackLink to={listAddress} />
        <Card className="flex justify-center py-16">
          <Spinner label="Loading contact" className="size-6 text-indigo-500" />
        </Card>
      </>
    );
  }
  if (!detail.data) {
    return (
      <>
        <BackLink to={listAddress} />
        <PageTitle title="Contact" />
        <Card>
          <EmptyState
            message={contactMessages.detailLoadFailed}
            action={
              <Button variant="secondary" onClick={() => detail.refetch()}>
                Retry
              </Button>
            }
          />
        </Card>
      </>
    );
  }

  const { contact, deals, dealCount, tasks } = detail.data;
  return (
    <>
      <BackLink to={listAddress} />
      <PageTitle
        title={
          <span className="flex min-w-0 items-center gap-3">
            <Avatar name={contact.name} className="size-10 text-sm" />
            <span className="min-w-0 break-words">{contact.name}</span>
          </span>
        }
        description={contact.company ?? undefined}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </Button>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="lg:col-span-2">
          <ContactFields contact={contact} />
        </div>
        <ContactDeals deals={deals} dealCount={dealCount} />
        <ContactTasks tasks={tasks} />
        <Card className="overflow-hidden lg:col-span-2">
          <RelatedEmails owner={{ contactId: contact.id }} />
        </Card>
      </div>
      <ContactFormModal open={editing} onOpenChange={setEditing} contact={contact} />
      <DeleteContactModal
        contact={deleting ? contact : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(listAddress, { replace: true })}
      />
    </>
  );
}
