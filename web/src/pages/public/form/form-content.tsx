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

/** The public page's content once the form has answered: the form, or why there is none. */
export function FormContent({ form, error, onRetry, send }: FormContentProps) {
  if (form) return <FormView key={form.id} form={form} send={send} headingLevel={1} />;
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
