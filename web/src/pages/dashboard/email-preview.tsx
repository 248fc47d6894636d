import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import type { EmailListItem } from '@common/email';
import { dashboardMessages } from '@common/dashboard-rules';
import { buttonClasses } from '../../components/button';
import { call } from '../../lib/api';
import { cn } from '../../lib/cn';
import { emailKeys } from '../email/keys';
import { SkeletonLines, Skeleton, WidgetCard, WidgetEmpty } from './widget-card';

const PREVIEW_SIZE = 5;

/**
 * The five newest inbox messages. The route, with the schema that checks its answer, is loaded with the widget
 * rather than with the dashboard: zod would be a fifth of the signed-in first load (see ./api.ts).
 */
async function fetchNewestInbox(): Promise<EmailListItem[]> {
  const { emailApi } = await import('@common/email-api');
  return (await call(emailApi.list, { query: { folder: 'inbox', limit: PREVIEW_SIZE } })).items;
}

const newestInboxQuery = () => ({
  queryKey: emailKeys.dashboardPreview(),
  queryFn: fetchNewestInbox,
  // Mail arrives between visits: read again on every one (the cached list shows meanwhile).
  staleTime: 0,
});

const receivedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function NewestInbox() {
  const { data: items, error } = useQuery(newestInboxQuery());
  // Part 1 §8: a widget that cannot be read is logged and shows empty, with no message on screen.
  useEffect(() => {
    if (error) console.error('Failed to load the email preview', error);
  }, [error]);

  if (error) return null;
  if (!items) return <SkeletonLines count={3} />;
  if (items.length === 0) return <WidgetEmpty>{dashboardMessages.noEmails}</WidgetEmpty>;
  return (
    <ul aria-label="Newest emails" className="divide-y divide-slate-200 dark:divide-slate-800">
      {items.map((item) => (
        <li key={item.id} className="py-3 first:pt-0 last:pb-0">
          <Link
            to={`/app/email/folder/inbox?message=${encodeURIComponent(item.id)}`}
            className="block min-w-0 rounded focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <span className="flex items-baseline justify-between gap-3">
              <span
                className={cn(
                  'min-w-0 truncate text-sm text-slate-900 dark:text-slate-100',
                  item.isRead ? 'font-medium' : 'font-semibold',
                )}
              >
                {!item.isRead && <span className="sr-only">Unread, </span>}
                {item.sender}
              </span>
              <time dateTime={item.timestamp} className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                {receivedAt(item.timestamp)}
              </time>
            </span>
            <span className="block truncate text-sm text-slate-700 dark:text-slate-300">
              {item.subject || '(no subject)'}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The number of e-mail accounts decides the content (part 1 "Dashboard"); null (not read) shows nothing. */
export function EmailPreview({ accounts }: { accounts: number | null | undefined }) {
  return (
    <WidgetCard
      title={dashboardMessages.emailPreview}
      action={
        accounts ? (
          <Link
            to="/app/email"
            className="rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
          >
            {dashboardMessages.viewAll}
          </Link>
        ) : undefined
      }
    >
      {accounts === undefined ? (
        <Skeleton className="h-16 w-full" />
      ) : accounts === null ? null : accounts === 0 ? (
        <div className="flex flex-col items-center gap-3 py-4 text-center">
          <span className="flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
            <Mail aria-hidden="true" className="size-5" />
          </span>
          <p className="text-sm text-slate-600 dark:text-slate-400">{dashboardMessages.noEmailAccounts}</p>
          <Link to="/app/settings/email" className={buttonClasses('secondary', 'sm')}>
            {dashboardMessages.connectEmail}
          </Link>
        </div>
      ) : (
        <NewestInbox />
      )}
    </WidgetCard>
  );
}
