import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export const inputClasses = cn(
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500',
  'border-slate-300 focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-500/40',
  'disabled:cursor-not-allowed disabled:opacity-60',
  'aria-invalid:border-red-500 aria-invalid:focus:outline-red-500/40',
  'dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500',
);

interface FieldFrameProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  id?: string;
  className?: string;
  /** Keeps the label for screen readers only, e.g. in a toolbar. */
  hideLabel?: boolean;
  /** The control, given its id and the aria attributes that tie it to the hint and the error. */
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A label, a control, its hint and its error, wired with aria-invalid and aria-describedby. */
export function FieldFrame({ label, error, hint, id, className, hideLabel, children }: FieldFrameProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('space-y-1.5', className)}>
      <label
        htmlFor={controlId}
        className={cn('block text-sm font-medium text-slate-800 dark:text-slate-200', hideLabel && 'sr-only')}
      >
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

interface FieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input with its hint and error. */
export function Field({ label, error, hint, id, className, ...inputProps }: FieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input {...control} className={inputClasses} {...inputProps} />}
    </FieldFrame>
  );
}

interface TextareaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled textarea (three rows unless told), with its hint and error. */
export function TextareaField({ label, error, hint, id, className, rows = 3, ...textareaProps }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <textarea {...control} rows={rows} className={cn(inputClasses, 'resize-y')} {...textareaProps} />}
    </FieldFrame>
  );
}

/** The form-level error, announced when it appears. */
export function FormAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
    >
      {message}
    </div>
  );
}
