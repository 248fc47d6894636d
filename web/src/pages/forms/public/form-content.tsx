import { LockKeyhole } from 'lucide-react';
import { formMessages } from '@common/form-rules';
import type { PublicForm } from '@common/forms';
import { Button } from '../../../components/button';
import { isApiError } from '../../../lib/api';
import { FormView, type FormViewProps } from './form-view';

interface FormContentProps {
  form: PublicForm | undefined;
  error: unknown;
  onRetry: () => void;
  send: NonNullable<FormViewProps['send']>;
}

/**
 * The public page's content once the form has answered: the form, or why there is none. Under the form, a line
 * warns against sending passwords: the form's custom CSS is scoped under the form's root and may not use
 * `position: fixed`, and the box around the form clips its painting (`contain: paint`), so no CSS of the form's
 * owner can hide that line or cover it.
 */
export function FormContent({ form, error, onRetry, send }: FormContentProps) {
  if (form) {
    return (
      <>
        <div style={{ contain: 'paint' }}>
          <FormView key={form.id} form={form} send={send} headingLevel={1} />
        </div>
        {/* Sticky: a form made very tall cannot push the line out of sight either. */}
        <p className="sticky bottom-0 z-10 mt-2 flex items-center justify-center gap-1.5 bg-slate-50 py-2 text-center text-xs text-slate-600 dark:bg-slate-950 dark:text-slate-400">
          <LockKeyhole aria-hidden="true" className="size-3.5 shrink-0" />
          {formMessages.noPasswords}
        </p>
      </>
    );
  }
  const missing = isApiError(error, 404) || isApiError(error, 400);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 text-center dark:border-slate-800 dark:bg-slate-900">
      <h1 className="text-lg font-semibold">{formMessages.formNotFound}</h1>
      {!missing && (
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}
