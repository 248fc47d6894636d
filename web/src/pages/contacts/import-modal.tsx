import { useState, type ChangeEvent } from 'react';
import { CONTACT_IMPORT_MAX_BYTES, contactMessages } from '@common/contacts';
import { Button } from '../../components/button';
import { FieldFrame, FormAlert, inputClasses } from '../../components/field';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { checkCsvFile, guessMapping, readPreview, type ColumnMapping, type CsvPreview } from './csv-file';
import { ImportMapping, type DuplicateChoice } from './import-mapping';
import { ImportProgress } from './import-progress';
import { ImportResult } from './import-result';
import { useImportStatus } from './import-status';
import { importFailureMessage, useImportContacts } from './import-upload';

type Step =
  | { kind: 'choose' }
  | { kind: 'reading' }
  | { kind: 'map'; file: File; preview: CsvPreview }
  /** Uploaded: the import runs on the server, followed here until it ends (or the dialog is closed). */
  | { kind: 'started'; id: string };

const maxMegabytes = CONTACT_IMPORT_MAX_BYTES / (1024 * 1024);
const noMapping: ColumnMapping = { name: null, email: null, phone: null, company: null };

interface ImportModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Choose a file → match its columns (seen in a preview) → upload with progress → the import's progress → the summary.
 * Closed while the import runs, the contacts page goes on showing where it is.
 */
export function ImportModal({ open, onOpenChange }: ImportModalProps) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>(noMapping);
  const [duplicates, setDuplicates] = useState<DuplicateChoice>('skip');
  const upload = useImportContacts();
  const sending = upload.isPending;
  const job = useImportStatus(step.kind === 'started' ? step.id : null).data;
  const finished = step.kind === 'started' && job !== undefined && job.state !== 'importing';

  const startOver = () => {
    setStep({ kind: 'choose' });
    setFileError(null);
    setMapping(noMapping);
    setDuplicates('skip');
    upload.reset();
  };
  const close = () => {
    if (sending) return;
    onOpenChange(false);
    startOver();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setFileError(null);
    setStep({ kind: 'reading' });
    const refusal = await checkCsvFile(file);
    let preview: CsvPreview | null = null;
    if (!refusal) preview = await readPreview(file).catch(() => null);
    const problem =
      refusal ??
      (!preview ? contactMessages.importNotCsv : preview.rows.length === 0 ? contactMessages.importEmpty : null);
    if (problem || !preview) {
      setFileError(problem);
      setStep({ kind: 'choose' });
      return;
    }
    setMapping(guessMapping(preview.header));
    setStep({ kind: 'map', file, preview });
  };

  const startImport = () => {
    if (step.kind !== 'map' || mapping.name === null) return;
    upload.mutate(
      { file: step.file, options: { mapping: { ...mapping, name: mapping.name }, duplicates } },
      { onSuccess: (started) => setStep({ kind: 'started', id: started.id }) },
    );
  };

  const percent = Math.round((upload.progress ?? 0) * 100);
  const footer =
    step.kind === 'started' ? (
      finished ? (
        <>
          <Button variant="secondary" onClick={startOver}>
            Import another file
          </Button>
          <Button onClick={close}>Done</Button>
        </>
      ) : (
        <Button variant="secondary" onClick={close}>
          {contactMessages.importInBackground}
        </Button>
      )
    ) : (
      <>
        <Button variant="secondary" onClick={close} disabled={sending}>
          Cancel
        </Button>
        {step.kind === 'map' && (
          <Button onClick={startImport} disabled={mapping.name === null} loading={sending}>
            Import
          </Button>
        )}
      </>
    );

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={contactMessages.importTitle}
      size="lg"
      footer={footer}
    >
      {(step.kind === 'choose' || step.kind === 'reading') && (
        <FieldFrame
          label="CSV file"
          error={fileError ?? undefined}
          hint={`A .csv file with a header row, at most ${maxMegabytes} MB.`}
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,text/csv"
              disabled={step.kind === 'reading'}
              onChange={(event) => void onFile(event)}
              className={`${inputClasses} file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-indigo-700 dark:file:bg-indigo-500/15 dark:file:text-indigo-300`}
            />
          )}
        </FieldFrame>
      )}
      {step.kind === 'reading' && (
        <div className="mt-3">
          <Spinner label="Reading the file" />
        </div>
      )}
      {step.kind === 'map' && (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700 dark:text-slate-300">
            <span className="min-w-0 truncate">
              File: <span className="font-medium">{step.file.name}</span>
            </span>
            <Button variant="ghost" size="sm" onClick={startOver} disabled={sending}>
              Choose another file
            </Button>
          </div>
          {upload.isError && <FormAlert message={importFailureMessage(upload.error)} />}
          {mapping.name === null && (
            <p className="text-sm text-amber-800 dark:text-amber-300">{contactMessages.importNameColumnRequired}</p>
          )}
          <ImportMapping
            preview={step.preview}
            mapping={mapping}
            onMappingChange={setMapping}
            duplicates={duplicates}
            onDuplicatesChange={setDuplicates}
            disabled={sending}
          />
          {sending && (
            <div className="space-y-2">
              {percent < 100 ? (
                <div
                  role="progressbar"
                  aria-label="Upload progress"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
                >
                  <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
                </div>
              ) : (
                <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                  <Spinner />
                  Checking the file…
                </p>
              )}
            </div>
          )}
        </div>
      )}
      {step.kind === 'started' && !job && <Spinner label={contactMessages.importRunning} />}
      {step.kind === 'started' && job && !finished && (
        <div className="space-y-3">
          <p className="text-base font-semibold text-slate-900 dark:text-slate-100">{contactMessages.importRunning}</p>
          <ImportProgress job={job} />
          <p className="text-sm text-slate-600 dark:text-slate-400">{contactMessages.importLeaveHint}</p>
        </div>
      )}
      {finished && job && <ImportResult job={job} />}
    </Modal>
  );
}
