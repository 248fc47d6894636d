import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { PenSquare, RefreshCw, Search } from 'lucide-react';
import { emailFolderLabels, emailFolders, emailMessages, type EmailFolder, type EmailListItem } from '@common/email';
import { Button, buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { inputClasses } from '../../components/field';
import { PageTitle } from '../../components/page-title';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useCursorPages } from '../../lib/paging';
import { useDebounced } from '../../lib/use-debounced';
import {
  EMAIL_PAGE_SIZE,
  emailCheckQuery,
  emailFoldersQuery,
  emailListQuery,
  useCheckMail,
  useInvalidateEmail,
  type MailboxView,
} from './api';
import { checkOutcome, checkProgress } from './check-result';
import { EmailList } from './email-list';
import { FolderList } from './folder-list';
import { ReadingPane } from './reading-pane';

const isFolder = (value: string): value is EmailFolder => (emailFolders as readonly string[]).includes(value);
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The route's folder: one of the five, a custom folder by id, or null for an address that names neither. */
function viewOf(folderId: string | undefined): MailboxView | null {
  if (folderId === undefined) return { folder: 'inbox' };
  if (isFolder(folderId)) return { folder: folderId };
  return isUuid(folderId) ? { customFolderId: folderId } : null;
}

/** Typing waits this long before the search reaches the server. */
const SEARCH_DELAY_MS = 300;

const CHECK_TOAST = 'email-check';

const toastLines = (lines: string[]) =>
  lines.length === 1 ? lines[0]! : <span className="whitespace-pre-line">{lines.join('\n')}</span>;

/**
 * 'Check Mail': the server checks in the background; the spec's toast stays while it does, with each account's
 * progress, then gives way to what the servers said. The state is the server's, so leaving the screen and coming
 * back picks a running check up again.
 */
function CheckMailButton() {
  const check = useCheckMail();
  const status = useQuery(emailCheckQuery()).data;
  const invalidate = useInvalidateEmail();
  const running = check.isPending || Boolean(status?.running);
  const wasRunning = useRef(false);
  useEffect(() => {
    if (status?.running) {
      wasRunning.current = true;
      toast.loading(toastLines([emailMessages.checking, ...checkProgress(status)]), { id: CHECK_TOAST });
    } else if (status && wasRunning.current) {
      // Finished while this screen watched it: what it fetched, and the lists read again.
      wasRunning.current = false;
      const { ok, lines } = checkOutcome(status);
      if (ok) toast.success(toastLines(lines), { id: CHECK_TOAST });
      else toast.error(toastLines(lines), { id: CHECK_TOAST, duration: 8000 });
      void invalidate();
    }
  }, [status, invalidate]);
  const run = () => {
    toast.loading(emailMessages.checking, { id: CHECK_TOAST });
    check.mutate(undefined, {
      onError: (error) =>
        toast.error(isApiError(error) && error.status < 500 ? error.error : emailMessages.checkFailed, {
          id: CHECK_TOAST,
        }),
    });
  };
  return (
    <Button variant="secondary" onClick={run} disabled={running}>
      <RefreshCw aria-hidden="true" className={cn('size-4', running && 'motion-safe:animate-spin')} />
      {emailMessages.checkMail}
    </Button>
  );
}

/**
 * /app/email (the inbox) and /app/email/folder/:folderId (one of the five folders, or a custom folder's id); the
 * open message is `?message=<id>`, so Back closes it and other pages can link to one. An unknown folder shows no
 * messages ("No emails found") and marks no folder as current.
 */
export function EmailPage() {
  const { folderId } = useParams();
  const view = viewOf(folderId);
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DELAY_MS);

  return (
    <>
      <PageTitle
        title="Email"
        actions={
          <>
            <CheckMailButton />
            <Link to="/app/email/compose" className={buttonClasses()}>
              <PenSquare aria-hidden="true" className="size-4" />
              {emailMessages.compose}
            </Link>
          </>
        }
      />
      <div role="search" aria-label="Search emails" className="relative mb-4">
        <label htmlFor="email-search" className="sr-only">
          Search emails
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id="email-search"
          type="search"
          autoComplete="off"
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={emailMessages.searchPlaceholder}
          className={cn(inputClasses, 'pl-9')}
        />
      </div>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
        <div className="lg:w-56 lg:shrink-0">
          <FolderList current={view} />
        </div>
        {/* A folder's own pages: opening another folder starts on its first page. */}
        <Mailbox key={folderId ?? 'inbox'} view={view} q={q} />
      </div>
    </>
  );
}

function useFolderHeading(view: MailboxView | null): string {
  const { data: folders } = useQuery(emailFoldersQuery());
  if (!view) return 'Messages';
  if ('folder' in view) return emailFolderLabels[view.folder];
  return folders?.find((folder) => folder.id === view.customFolderId)?.name ?? 'Messages';
}

function Mailbox({ view, q }: { view: MailboxView | null; q: string }) {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('message');
  const heading = useFolderHeading(view);

  const select = (item: EmailListItem) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('message', item.id);
      return next;
    });
  };
  const close = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('message');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <Card className="grid min-w-0 flex-1 overflow-hidden lg:grid-cols-[minmax(16rem,22rem)_1fr]">
      {/* On a phone the list and the pane stack: one at a time, with a way back. */}
      <section
        aria-labelledby="email-folder-heading"
        className={cn('min-w-0 border-slate-200 lg:border-r dark:border-slate-800', selectedId && 'hidden lg:block')}
      >
        <h2
          id="email-folder-heading"
          className="truncate border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900 dark:border-slate-800 dark:text-white"
        >
          {heading}
        </h2>
        {view ? (
          <MessagePages view={view} q={q} selectedId={selectedId} onSelect={select} />
        ) : (
          <EmptyState message={emailMessages.empty} />
        )}
      </section>
      <section aria-label="Reading pane" className={cn('min-w-0', !selectedId && 'hidden lg:block')}>
        <ReadingPane id={selectedId} onBack={close} onGone={close} />
      </section>
    </Card>
  );
}

interface MessagePagesProps {
  view: MailboxView;
  q: string;
  selectedId: string | null;
  onSelect: (item: EmailListItem) => void;
}

/** The folder's messages a page at a time, newest first; a new search starts again from page one. */
function MessagePages({ view, q, selectedId, onSelect }: MessagePagesProps) {
  const pages = useCursorPages();
  const [seenQ, setSeenQ] = useState(q);
  if (q !== seenQ) {
    setSeenQ(q);
    pages.first();
  }
  const cursor = q === seenQ ? pages.cursor : null;
  const { data, error, isPending, isPlaceholderData, refetch } = useQuery({
    ...emailListQuery(view, q, cursor),
    placeholderData: keepPreviousData,
  });

  // Moving or deleting the last message of a later page would leave an empty page: step back.
  const { pageIndex, previous } = pages;
  useEffect(() => {
    if (data && data.items.length === 0 && pageIndex > 0) previous();
  }, [data, pageIndex, previous]);

  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading emails" className="size-6 text-indigo-500" />
      </div>
    );
  }
  if (!data) {
    // A custom folder that is not (or no longer) the user's has no messages to show.
    if (isApiError(error, 404)) return <EmptyState message={emailMessages.empty} />;
    return (
      <EmptyState
        message="Failed to load emails"
        action={
          <Button variant="secondary" onClick={() => refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  return (
    <>
      <EmailList items={data.items} selectedId={selectedId} onSelect={onSelect} />
      <Pagination
        pageIndex={pages.pageIndex}
        pageSize={EMAIL_PAGE_SIZE}
        shown={data.items.length}
        hasNext={data.nextCursor !== null && !isPlaceholderData}
        onFirst={pages.first}
        onPrevious={pages.previous}
        onNext={() => data.nextCursor && pages.next(data.nextCursor)}
      />
    </>
  );
}
