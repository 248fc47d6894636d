import { X } from 'lucide-react';
import { contactMessages } from '@common/contacts';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ImportProgress } from './import-progress';
import { importOutcome, ImportReportLink } from './import-result';
import { useCurrentImport, useDismissImport } from './import-status';

/**
 * The member's latest import on the contacts page: where it is while it runs (the import dialog may have been closed,
 * or the page left and come back to), then what it did, until dismissed.
 */
export function ImportNotice({ hidden }: { hidden: boolean }) {
  const { data: job } = useCurrentImport();
  const dismiss = useDismissImport();
  if (!job || hidden) return null;
  return (
    <Card className="mb-4 p-4">
      <section aria-label={contactMessages.importTitle} className="space-y-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">
              {job.state === 'importing' ? contactMessages.importRunning : contactMessages.importFinished}
            </h2>
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">{job.fileName}</p>
          </div>
          {job.state !== 'importing' && (
            <Button
              variant="ghost"
              size="sm"
              aria-label="Dismiss"
              loading={dismiss.isPending}
              onClick={() => dismiss.mutate(job.id)}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          )}
        </div>
        {job.state === 'importing' ? (
          <ImportProgress job={job} />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-2">
            {job.error && <p className="w-full text-sm text-red-700 dark:text-red-400">{job.error}</p>}
            <p role="status" className="text-sm text-slate-800 dark:text-slate-200">
              {importOutcome(job)}
            </p>
            <ImportReportLink job={job} />
          </div>
        )}
      </section>
    </Card>
  );
}
