import { ArrowLeft, FileText, Mail } from 'lucide-react';
import { emailMessages, type EmailItem } from '@common/email';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { fileSize, fullTime } from './format';

interface ReadingPaneProps {
  item: EmailItem | null;
  /** On a phone the pane replaces the list: this goes back to it. */
  onBack: () => void;
}

/** The chosen message: subject, sender, "to me", time, body and its attachments (part 1 §2). */
export function ReadingPane({ item, onBack }: ReadingPaneProps) {
  if (!item) {
    return <EmptyState icon={<Mail aria-hidden="true" className="size-6" />} message={emailMessages.noneSelected} />;
  }
  return (
    <article aria-labelledby="email-subject" className="p-5">
      <Button variant="ghost" size="sm" className="-ml-2 mb-3 lg:hidden" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to messages
      </Button>
      <h2 id="email-subject" className="text-xl font-semibold wrap-anywhere text-slate-900 dark:text-white">
        {item.subject}
      </h2>
      <div className="mt-4 flex flex-col gap-1 border-b border-slate-200 pb-4 sm:flex-row sm:items-start sm:justify-between dark:border-slate-800">
        <div className="min-w-0">
          <p className="text-sm wrap-anywhere text-slate-900 dark:text-white">
            <span className="font-semibold">{item.sender}</span>{' '}
            <span className="text-slate-600 dark:text-slate-400">&lt;{item.senderEmail}&gt;</span>
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{emailMessages.toMe}</p>
        </div>
        <time dateTime={item.timestamp} className="shrink-0 text-sm text-slate-600 dark:text-slate-400">
          {fullTime(item.timestamp)}
        </time>
      </div>
      <div className="mt-4 text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-slate-800 dark:text-slate-200">
        {item.body}
      </div>
      {item.attachments.length > 0 && (
        <section
          aria-labelledby="email-attachments"
          className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800"
        >
          <h3 id="email-attachments" className="text-sm font-semibold text-slate-900 dark:text-white">
            Attachments
          </h3>
          <ul className="mt-3 flex flex-wrap gap-3">
            {item.attachments.map((file) => (
              <li
                key={file.name}
                className="flex min-w-0 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
              >
                <FileText aria-hidden="true" className="size-5 shrink-0 text-indigo-500" />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-slate-900 dark:text-white">{file.name}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{fileSize(file.size)}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
