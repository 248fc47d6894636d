import { contactMessages, type ContactImport } from '@common/contacts';

/** How far a running import is: a bar and its rows, both named for a screen reader. */
export function ImportProgress({ job }: { job: ContactImport }) {
  const percent = job.totalRows > 0 ? Math.floor((job.rowsDone / job.totalRows) * 100) : 0;
  const rows = contactMessages.importProgress(job.rowsDone, job.totalRows);
  return (
    <div className="space-y-1.5">
      <div
        role="progressbar"
        aria-label={contactMessages.importRunning}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={rows}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700 tabular-nums dark:text-slate-300">{rows}</p>
    </div>
  );
}
