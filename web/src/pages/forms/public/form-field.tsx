import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';
import type { FormField, FormFieldType, SubmittedValue } from '@common/form-rules';
import { cn } from '../../../lib/cn';

/** The input type and autocomplete token of each single-line field type. */
const inputKinds: Partial<
  Record<FormFieldType, { type: HTMLInputTypeAttribute; autoComplete?: HTMLInputAutoCompleteAttribute }>
> = {
  name: { type: 'text', autoComplete: 'name' },
  text: { type: 'text' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  company: { type: 'text', autoComplete: 'organization' },
  website: { type: 'url', autoComplete: 'url' },
};

const controlClasses = cn(
  'block w-full border border-(--pf-border) bg-(--pf-field) px-3 py-2 text-base text-(--pf-fg) sm:text-sm',
  'placeholder:text-(--pf-muted) placeholder:opacity-80',
  'focus:border-(--pf-primary) focus:outline-2 focus:outline-offset-1 focus:outline-(--pf-primary)',
  'aria-invalid:border-(--pf-error) disabled:opacity-60',
);
// A single line may be a pill (radius "full"); a textarea keeps at most a rounded corner.
const lineClasses = cn(controlClasses, 'rounded-(--pf-radius)');
const areaClasses = cn(controlClasses, 'rounded-[min(var(--pf-radius),1rem)]');
const choiceClasses =
  'size-4 shrink-0 accent-(--pf-primary) focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--pf-primary)';

export const fieldDomId = (formKey: string, fieldId: string) => `${formKey}-${fieldId}`;

interface FormFieldControlProps {
  formKey: string;
  field: FormField;
  value: SubmittedValue | undefined;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: SubmittedValue) => void;
}

function RequiredMark({ spoken }: { spoken?: boolean }) {
  return (
    <>
      <span aria-hidden="true" className="ml-0.5 text-(--pf-error)">
        *
      </span>
      {spoken && <span className="sr-only"> (required)</span>}
    </>
  );
}

/** One field of a form: its label, control, help text and error, wired with aria-invalid and aria-describedby. */
export function FormFieldControl({ formKey, field, value, error, disabled, onChange }: FormFieldControlProps) {
  const id = fieldDomId(formKey, field.id);
  const helpId = field.helpText ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, helpId].filter(Boolean).join(' ') || undefined;
  const text = typeof value === 'string' ? value : '';
  const chosen = Array.isArray(value) ? value : [];
  const invalid = error ? true : undefined;

  const help = field.helpText && (
    <p id={helpId} className="text-sm text-(--pf-muted)">
      {field.helpText}
    </p>
  );
  const problem = error && (
    <p id={errorId} className="text-sm font-medium text-(--pf-error)">
      {error}
    </p>
  );

  if (field.type === 'checkbox' || field.type === 'radio') {
    const options = field.options ?? [];
    return (
      <fieldset aria-describedby={describedBy} className="min-w-0 space-y-2" data-field-id={field.id}>
        <legend className="mb-2 text-sm font-medium text-(--pf-fg)">
          {field.label}
          {field.required && <RequiredMark spoken />}
        </legend>
        <div className="space-y-2">
          {options.map((option, index) => {
            const optionId = `${id}-${index}`;
            const checked = field.type === 'radio' ? text === option : chosen.includes(option);
            return (
              <div key={option} className="flex items-center gap-2">
                <input
                  id={optionId}
                  type={field.type}
                  name={id}
                  value={option}
                  checked={checked}
                  disabled={disabled}
                  aria-invalid={invalid}
                  required={field.type === 'radio' && field.required ? true : undefined}
                  className={choiceClasses}
                  onChange={(event) => {
                    if (field.type === 'radio') return onChange(option);
                    onChange(
                      event.target.checked
                        ? options.filter((item) => item === option || chosen.includes(item))
                        : chosen.filter((item) => item !== option),
                    );
                  }}
                />
                <label htmlFor={optionId} className="text-sm text-(--pf-fg)">
                  {option}
                </label>
              </div>
            );
          })}
        </div>
        {help}
        {problem}
      </fieldset>
    );
  }

  const common = {
    id,
    name: field.id,
    value: text,
    disabled,
    required: field.required || undefined,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
  };
  let control;
  if (field.type === 'select') {
    control = (
      <select {...common} className={lineClasses} onChange={(event) => onChange(event.target.value)}>
        <option value="">{field.placeholder ?? ''}</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'textarea') {
    control = (
      <textarea
        {...common}
        rows={4}
        placeholder={field.placeholder}
        className={areaClasses}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else {
    const kind = inputKinds[field.type] ?? { type: 'text' };
    control = (
      <input
        {...common}
        type={kind.type}
        autoComplete={kind.autoComplete}
        inputMode={field.type === 'text' && field.validation === 'numeric' ? 'decimal' : undefined}
        placeholder={field.placeholder}
        className={lineClasses}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <div className="space-y-1.5" data-field-id={field.id}>
      <label htmlFor={id} className="block text-sm font-medium text-(--pf-fg)">
        {field.label}
        {field.required && <RequiredMark />}
      </label>
      {control}
      {help}
      {problem}
    </div>
  );
}
