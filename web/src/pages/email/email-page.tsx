import { useState } from 'react';
import { Link, useParams } from 'react-router';
import toast from 'react-hot-toast';
import { PenSquare, RefreshCw, Search } from 'lucide-react';
import { emailFolderLabels, emailFolders, emailMessages, type EmailFolder } from '@common/email';
import { Button, buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { inputClasses } from '../../components/field';
import { PageTitle } from '../../components/page-title';
import { cn } from '../../lib/cn';
import { EmailList } from './email-list';
import { FolderList } from './folder-list';
import { ReadingPane } from './reading-pane';
import { matchingEmails, useEmailItems } from './use-email-items';

const isFolder = (value: string): value is EmailFolder => (emailFolders as readonly string[]).includes(value);

/**
 * /app/email (the inbox) and /app/email/folder/:folderId. An unknown folder shows no messages
 * ("No emails found") and marks no folder as current.
 */
export function EmailPage() {
  const { folderId } = useParams();
  const folder: EmailFolder | null = folderId === undefined ? 'inbox' : isFolder(folderId) ? folderId : null;
  const [query, setQuery] = useState('');

  return (
    <>
      <PageTitle
        title="Email"
        actions={
          <>
            <Button variant="secondary" onClick={() => toast(emailMessages.checking)}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {emailMessages.checkMail}
            </Button>
            <Link to="/app/email/compose" className={buttonClasses()}>
              <PenSquare aria-hidden="true" className="size-4" />
              {emailMessages.compose}
            </Link>
          </>
        }
      />
      <div className="relative mb-4">
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
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={emailMessages.searchPlaceholder}
          className={cn(inputClasses, 'pl-9')}
        />
      </div>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
        <div className="lg:w-52 lg:shrink-0">
          <FolderList current={folder} />
        </div>
        {/* A folder's own selection: opening another folder starts with nothing chosen. */}
        <Mailbox key={folderId ?? 'inbox'} folder={folder} query={query} />
      </div>
    </>
  );
}

function Mailbox({ folder, query }: { folder: EmailFolder | null; query: string }) {
  const items = matchingEmails(useEmailItems(folder), query);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = items.find((item) => item.id === selectedId) ?? null;
  const heading = folder ? emailFolderLabels[folder] : 'Messages';

  return (
    <Card className="grid min-w-0 flex-1 overflow-hidden lg:grid-cols-[minmax(16rem,22rem)_1fr]">
      {/* On a phone the list and the pane stack: one at a time, with a way back. */}
      <section
        aria-labelledby="email-folder-heading"
        className={cn('min-w-0 border-slate-200 lg:border-r dark:border-slate-800', selected && 'hidden lg:block')}
      >
        <h2
          id="email-folder-heading"
          className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900 dark:border-slate-800 dark:text-white"
        >
          {heading}
        </h2>
        <EmailList items={items} selectedId={selected?.id ?? null} onSelect={(item) => setSelectedId(item.id)} />
      </section>
      <section aria-label="Reading pane" className={cn('min-w-0', !selected && 'hidden lg:block')}>
        <ReadingPane item={selected} onBack={() => setSelectedId(null)} />
      </section>
    </Card>
  );
}
