import { useId } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import type { EmailListItem } from '@common/email';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { useCursorPages } from '../../lib/paging';
import { RELATED_EMAILS_PAGE_SIZE, relatedEmailsQuery } from './api';
import { relativeTime } from './format';

/** Where a message is listed, so that opening it shows it among its own folder's messages. */
function messageAddress(item: EmailListItem): string {
  const folder = item.customFolderId ?? item.folder;
  return `/app/email/folder/${encodeURIComponent(folder)}?message=${encodeURIComponent(item.id)}`;
}

interface RelatedEmailsProps {
  owner: { contactId: string } | { dealId: string };
  /** A card's section (the contact page, padded) or part of a dialog (the deal's details, which pads it). */
  inCard?: boolean;
}

/** "Emails": the mail from, to or copied to the contact (or the deal's contact), newest first, each opening in Email. */
export function RelatedEmails({ owner, inCard = true }: RelatedEmailsProps) {
  const Heading = inCard ? 'h2' : 'h3';
  const inset = inCard ? 'px-5' : '';
  const headingId = useId();
  const pages = useCursorPages();
  const { data, isPending, isPlaceholderData, refetch } = useQuery({
    ...relatedEmailsQuery(owner, pages.cursor),
    placeholderData: keepPreviousData,
  });

  let content;
  if (isPending) {
    content = (
      <div className="flex justify-center py-8">
        <Spinner label="Loading emails" className="size-5 text-indigo-500" />
      </div>
    );
  } else if (!data) {
    content = (
      <EmptyState
        message="Failed to load emails"
        action={
          <Button variant="secondary" size="sm" onClick={() => refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else if (data.items.length === 0) {
    content = (
      <EmptyState
        icon={<Mail aria-hidden="true" className="size-6" />}
        message={'contactId' in owner ? 'No emails with this contact yet.' : "No emails with this deal's contact yet."}
      />
    );
  } else {
    content = (
      <>
        <ul aria-labelledby={headingId} className="divide-y divide-slate-200 dark:divide-slate-800">
          {data.items.map((item) => (
            <li key={item.id} className={cn(inset, 'py-3')}>
              <div className="flex items-baseline justify-between gap-3">
                <Link
                  to={messageAddress(item)}
                  className={cn(
                    'min-w-0 truncate text-sm text-slate-900 hover:text-indigo-700 hover:underline dark:text-slate-100 dark:hover:text-indigo-300',
                    item.isRead ? 'font-medium' : 'font-semibold',
                  )}
                >
                  {item.subject || '(no subject)'}
                </Link>
                <time dateTime={item.timestamp} className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                  {relativeTime(item.timestamp)}
                </time>
              </div>
              <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                {item.direction === 'out'
                  ? `To ${item.to.map((to) => to.name || to.address).join(', ')}`
                  : `From ${item.sender}`}
                {item.preview ? ` · ${item.preview}` : ''}
              </p>
            </li>
          ))}
        </ul>
        <Pagination
          pageIndex={pages.pageIndex}
          pageSize={RELATED_EMAILS_PAGE_SIZE}
          shown={data.items.length}
          hasNext={data.nextCursor !== null && !isPlaceholderData}
          onFirst={pages.first}
          onPrevious={pages.previous}
          onNext={() => data.nextCursor && pages.next(data.nextCursor)}
        />
      </>
    );
  }

  return (
    <section aria-labelledby={headingId}>
      <div className={cn(inset, 'border-b border-slate-200 py-4 dark:border-slate-800')}>
        <Heading id={headingId} className="text-base font-semibold text-slate-900 dark:text-slate-100">
          Emails
        </Heading>
      </div>
      {content}
    </section>
  );
}
