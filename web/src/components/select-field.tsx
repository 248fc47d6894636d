import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { inputClasses } from './field';

interface SelectFieldProps extends ComponentProps<'select'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Keeps the label for screen readers only, e.g. in a toolbar. */
  hideLabel?: boolean;
}

/** A labelled native select with its hint and error, wired like `Field`. */
export function SelectField({
  label,
  error,
  hint,
  hideLabel,
  id,
  className,
  children,
  ...selectProps
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const describedBy = [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('space-y-1.5', className)}>
      <label
        htmlFor={selectId}
        className={cn('block text-sm font-medium text-slate-800 dark:text-slate-200', hideLabel && 'sr-only')}
      >
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(inputClasses, 'pr-8')}
        {...selectProps}
      >
        {children}
      </select>
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
