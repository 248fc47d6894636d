import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { format } from 'date-fns';
import type { Form, Submission } from '@common/forms';
import { cellText, submissionColumns } from './submission-columns';

const th =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:text-slate-400';
const td = 'max-w-xs px-4 py-3 align-top text-sm text-slate-700 dark:text-slate-300';

const submittedAt = (iso: string) => format(new Date(iso), 'MMM d, yyyy h:mm a');

interface SubmissionsTableProps {
  form: Form;
  submissions: Submission[];
  /** A submission to mark and scroll to (a notification's link), or null. */
  highlighted?: string | null;
}

/** One column per field (current ones, then removed ones as they were labelled), the time, and the deal made. */
export function SubmissionsTable({ form, submissions, highlighted = null }: SubmissionsTableProps) {
  const columns = submissionColumns(form.fields, submissions);
  const highlightedRow = useRef<HTMLTableRowElement>(null);
  const shown = submissions.some((submission) => submission.id === highlighted);
  useEffect(() => {
    if (shown) highlightedRow.current?.scrollIntoView({ block: 'center' });
  }, [shown, highlighted]);
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Submissions table">
      <table className="w-full divide-y divide-slate-200 dark:divide-slate-800">
        <thead className="bg-slate-50 dark:bg-slate-900/60">
          <tr>
            {columns.map((column) => (
              <th key={column.fieldId} scope="col" className={th}>
                {column.label}
                {column.removed && (
                  <span className="ml-1 font-normal normal-case tracking-normal text-slate-500">(removed)</span>
                )}
              </th>
            ))}
            <th scope="col" className={th}>
              Submitted at
            </th>
            <th scope="col" className={th}>
              Deal
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {submissions.map((submission) => (
            <tr
              key={submission.id}
              ref={submission.id === highlighted ? highlightedRow : undefined}
              aria-current={submission.id === highlighted ? 'true' : undefined}
              className={submission.id === highlighted ? 'bg-amber-50 dark:bg-amber-500/10' : undefined}
            >
              {columns.map((column) => (
                <td key={column.fieldId} className={`${td} min-w-40 whitespace-pre-line break-words`}>
                  {cellText(submission.data[column.fieldId])}
                </td>
              ))}
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={submission.createdAt}>{submittedAt(submission.createdAt)}</time>
              </td>
              <td className={td}>
                {submission.dealId ? (
                  <Link
                    to={`/app/deals?deal=${encodeURIComponent(submission.dealId)}`}
                    className="font-medium whitespace-nowrap text-indigo-700 hover:underline dark:text-indigo-300"
                  >
                    View deal
                    <span className="sr-only"> made from the submission of {submittedAt(submission.createdAt)}</span>
                  </Link>
                ) : submission.dealSkippedReason ? (
                  <span className="text-amber-800 dark:text-amber-300">{submission.dealSkippedReason}</span>
                ) : (
                  '-'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
