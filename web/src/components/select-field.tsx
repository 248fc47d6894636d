import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { FieldFrame, inputClasses } from './field';

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
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className} hideLabel={hideLabel}>
      {(control) => (
        <select {...control} className={cn(inputClasses, 'pr-8')} {...selectProps}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
