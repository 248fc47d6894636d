import { CONTACT_IMPORT_LISTED_ROWS, contactMessages, type ContactImportResult } from '@common/contacts';
import type { DuplicateChoice } from './import-mapping';

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

/** What the import did: the counts, then each row that was refused or was a duplicate. */
export function ImportResult({ result, duplicates }: { result: ContactImportResult; duplicates: DuplicateChoice }) {
  const summary = contactMessages.importSummary(result.imported, result.skipped);
  return (
    <div className="space-y-4">
      <p role="status" className="text-base font-semibold text-slate-900 dark:text-slate-100">
        {result.updated > 0 ? `${summary}, ${result.updated} updated` : summary}
      </p>
      <RowList title="Rows not imported" items={result.invalid.map(({ row, reason }) => `Row ${row}: ${reason}`)} />
      <RowList
        title={duplicates === 'update' ? 'Duplicates updated' : 'Duplicates skipped'}
        items={result.duplicates.map(({ row, email }) => `Row ${row}: ${email}`)}
      />
    </div>
  );
}
