import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, FileText, FileX, Mail } from 'lucide-react';
import { pathOf } from '@common/api-url';
import { emailMessages, omittedAttachmentNote, type EmailAddress, type EmailDetail } from '@common/email';
import { emailApi } from '@common/email-api';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api';
import { emailDetailQuery, useUpdateEmail } from './api';
import { fileSize, fullTime } from './format';
import { MessageActions } from './message-actions';
import { MessageBody } from './message-body';
import { SenderContact } from './sender-contact';

interface ReadingPaneProps {
  id: string | null;
  /** On a phone the pane replaces the list: this goes back to it. */
  onBack: () => void;
  /** The message left the list shown (moved, deleted): nothing is chosen any more. */
  onGone: () => void;
}

/** The chosen message: subject, sender, recipients, time, body, attachments and what can be done with it. */
export function ReadingPane({ id, onBack, onGone }: ReadingPaneProps) {
  if (!id) {
    return <EmptyState icon={<Mail aria-hidden="true" className="size-6" />} message={emailMessages.noneSelected} />;
  }
  // Keyed: "Show images" and the read marking belong to one message.
  return <OpenMessage key={id} id={id} onBack={onBack} onGone={onGone} />;
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="ghost" size="sm" className="-ml-2 mb-3 lg:hidden" onClick={onBack}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to messages
    </Button>
  );
}

function OpenMessage({ id, onBack, onGone }: { id: string; onBack: () => void; onGone: () => void }) {
  const { data: message, error, isPending, refetch } = useQuery(emailDetailQuery(id));
  useMarkReadOnOpen(message);

  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading email" className="size-6 text-indigo-500" />
      </div>
    );
  }
  if (!message) {
    const gone = isApiError(error, 404);
    return (
      <div className="p-5">
        <BackButton onBack={onBack} />
        <EmptyState
          message={gone ? 'This email no longer exists' : 'Failed to load the email'}
          action={
            gone ? undefined : (
              <Button variant="secondary" onClick={() => refetch()}>
                Retry
              </Button>
            )
          }
        />
      </div>
    );
  }
  return (
    <article aria-labelledby="email-subject" className="p-5">
      <BackButton onBack={onBack} />
      <h2 id="email-subject" className="text-xl font-semibold wrap-anywhere text-slate-900 dark:text-white">
        {message.subject || '(no subject)'}
      </h2>
      <MessageActions message={message} onGone={onGone} />
      {/* The time goes under the sender when the pane is too narrow for both on one line. */}
      <div className="mt-4 flex flex-wrap items-start justify-between gap-x-4 gap-y-1 border-b border-slate-200 pb-4 dark:border-slate-800">
        <div className="min-w-0 flex-[1_1_16rem]">
          <p className="text-sm wrap-anywhere text-slate-900 dark:text-white">
            <span className="font-semibold">{message.sender}</span>{' '}
            {/* One block, so a narrow pane moves the whole address to the next line rather than its last ">". */}
            <span className="inline-block max-w-full text-slate-600 dark:text-slate-400">
              &lt;{message.senderEmail}&gt;
            </span>
          </p>
          <p className="text-sm wrap-anywhere text-slate-600 dark:text-slate-400">
            {message.direction === 'in' ? emailMessages.toMe : `to ${addressList(message.to)}`}
          </p>
          {message.cc.length > 0 && (
            <p className="text-sm wrap-anywhere text-slate-600 dark:text-slate-400">cc {addressList(message.cc)}</p>
          )}
          {message.direction === 'in' && <SenderContact name={message.sender} email={message.senderEmail} />}
        </div>
        <time dateTime={message.timestamp} className="shrink-0 text-sm text-slate-600 dark:text-slate-400">
          {fullTime(message.sentAt ?? message.timestamp)}
        </time>
      </div>
      <MessageBody message={message} />
      <Attachments message={message} />
    </article>
  );
}

const addressList = (addresses: EmailAddress[]) =>
  addresses.map(({ name, address }) => (name && name !== address ? `${name} <${address}>` : address)).join(', ');

/**
 * Opening an unread message marks it read, once per opening: "Mark as unread" on the open message, read or not
 * when it was opened, is not undone by this.
 */
function useMarkReadOnOpen(message: EmailDetail | undefined) {
  const update = useUpdateEmail();
  const opened = useRef<string | null>(null);
  const { mutate } = update;
  useEffect(() => {
    if (!message || opened.current === message.id) return;
    opened.current = message.id;
    if (!message.isRead) mutate({ id: message.id, patch: { isRead: true } });
  }, [message, mutate]);
}

function Attachments({ message }: { message: EmailDetail }) {
  if (message.attachments.length === 0 && message.omittedAttachments.length === 0) return null;
  return (
    <section aria-labelledby="email-attachments" className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 id="email-attachments" className="text-sm font-semibold text-slate-900 dark:text-white">
        Attachments
      </h3>
      <ul className="mt-3 flex flex-wrap gap-3">
        {message.attachments.map((file) => (
          <li key={file.id} className="min-w-0">
            <a
              href={pathOf(emailApi.attachment, { id: message.id, attachmentId: file.id })}
              download={file.name}
              aria-label={`Download ${file.name} (${fileSize(file.size)})`}
              className="flex min-w-0 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              <FileText aria-hidden="true" className="size-5 shrink-0 text-indigo-500" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-slate-900 dark:text-white">{file.name}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">{fileSize(file.size)}</span>
              </span>
              <Download aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            </a>
          </li>
        ))}
        {message.omittedAttachments.map((file, i) => (
          <li
            key={`omitted-${i}`}
            className="flex min-w-0 items-center gap-3 rounded-lg border border-dashed border-slate-300 px-3 py-2 dark:border-slate-700"
          >
            <FileX aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-slate-900 dark:text-white">{file.name}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {fileSize(file.size)} · {omittedAttachmentNote}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
