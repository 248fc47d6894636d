import { Link } from 'react-router';
import { ClipboardCopy, ExternalLink, Inbox, Pencil, Trash2 } from 'lucide-react';
import type { Form } from '@common/forms';
import { Card } from '../../components/card';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';

interface FormCardProps {
  form: Form;
  onEdit: (form: Form) => void;
  onCopyEmbed: (form: Form) => void;
  onDelete: (form: Form) => void;
}

const iconAction =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100';

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** A form in the grid: its counts, and edit, preview, embed, submissions and delete. */
export function FormCard({ form, onEdit, onCopyEmbed, onDelete }: FormCardProps) {
  return (
    <li className="list-none">
      <Card className="flex h-full flex-col p-4">
        <h2 className="text-base font-semibold wrap-anywhere text-slate-900 dark:text-white">{form.name}</h2>
        {form.description && (
          <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line wrap-anywhere text-slate-600 dark:text-slate-400">
            {form.description}
          </p>
        )}
        <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
          <div>
            <dt className="sr-only">Fields</dt>
            <dd>{plural(form.fields.length, 'field')}</dd>
          </div>
          <div>
            <dt className="sr-only">Submissions</dt>
            <dd>{plural(form.submissionCount, 'submission')}</dd>
          </div>
          <div>
            <dt className="sr-only">Updated</dt>
            <dd>Updated {formatDate(form.updatedAt)}</dd>
          </div>
        </dl>
        <div className="mt-auto flex items-center gap-1 border-t border-slate-200 pt-3 dark:border-slate-800">
          <button
            type="button"
            className={iconAction}
            aria-label={`Edit ${form.name}`}
            title="Edit"
            onClick={() => onEdit(form)}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </button>
          <a
            href={`/forms/${encodeURIComponent(form.id)}`}
            target="_blank"
            rel="noopener noreferrer"
            className={iconAction}
            aria-label={`Preview ${form.name} (opens in a new tab)`}
            title="Preview"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
          <button
            type="button"
            className={iconAction}
            aria-label={`Copy embed code of ${form.name}`}
            title="Copy embed code"
            onClick={() => onCopyEmbed(form)}
          >
            <ClipboardCopy aria-hidden="true" className="size-4" />
          </button>
          <Link
            to={`/app/forms/${encodeURIComponent(form.id)}/submissions`}
            className={iconAction}
            aria-label={`Submissions of ${form.name}`}
            title="Submissions"
          >
            <Inbox aria-hidden="true" className="size-4" />
          </Link>
          <button
            type="button"
            className={cn(
              iconAction,
              'ml-auto hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-500/10 dark:hover:text-red-400',
            )}
            aria-label={`Delete ${form.name}`}
            title="Delete"
            onClick={() => onDelete(form)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      </Card>
    </li>
  );
}
