import { Download } from 'lucide-react';
import { CONTACT_IMPORT_LISTED_ROWS, contactMessages, type ContactImport } from '@common/contacts';
import { pathOf } from '@common/api-url';
import { contactsApi } from '@common/contacts-api';
import { buttonClasses } from '../../components/button';
import { FormAlert } from '../../components/field';

function RowList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section className="space-y-1.5">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{title}</h3>
      <ul
        aria-label={title}
        className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-3 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300"
      >
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
      {items.length >= CONTACT_IMPORT_LISTED_ROWS && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Only the first {CONTACT_IMPORT_LISTED_ROWS} are listed.
        </p>
      )}
    </section>
  );
}

/** What an import did, in a line: its counts, and the contacts it updated when there are any. */
export function importOutcome(job: ContactImport): string {
  const summary = contactMessages.importSummary(job.imported, job.skipped);
  return job.updated > 0 ? `${summary}, ${job.updated.toLocaleString('en-US')} updated` : summary;
}

/** The report of the rows not imported, as CSV, when there are any. */
export function ImportReportLink({ job }: { job: ContactImport }) {
  if (job.skipped === 0) return null;
  return (
    <a href={pathOf(contactsApi.importReport, { id: job.id })} download className={buttonClasses('secondary', 'sm')}>
      <Download aria-hidden="true" className="size-4" />
      {contactMessages.importReport}
    </a>
  );
}

/** What a finished import did: the counts, then each row that was refused or was a duplicate, and the report. */
export function ImportResult({ job }: { job: ContactImport }) {
  return (
    <div className="space-y-4">
      {job.error && <FormAlert message={job.error} />}
      <p role="status" className="text-base font-semibold text-slate-900 dark:text-slate-100">
        {importOutcome(job)}
      </p>
      <RowList title="Rows not imported" items={job.invalid.map(({ row, reason }) => `Row ${row}: ${reason}`)} />
      <RowList
        title={job.duplicatesChoice === 'update' ? 'Duplicates updated' : 'Duplicates skipped'}
        items={job.duplicates.map(({ row, email }) => `Row ${row}: ${email}`)}
      />
      <ImportReportLink job={job} />
    </div>
  );
}
