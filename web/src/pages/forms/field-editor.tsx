import { useId } from 'react';
import { Plus, X } from 'lucide-react';
import type { FieldErrors } from 'react-hook-form';
import { fieldValidations, formFieldTypes, hasOptions, type FieldValidation } from '@common/forms';
import { Button } from '../../components/button';
import { Field, FieldFrame, inputClasses } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { cn } from '../../lib/cn';
import { fieldTypeLabels, validationLabels, type DraftField } from './form-draft';

interface FieldEditorProps {
  field: DraftField;
  errors: FieldErrors<DraftField> | undefined;
  onChange: (field: DraftField) => void;
}

/** Label, required, placeholder, help text, options (select, radio, checkbox) and validation (text only). */
export function FieldEditor({ field, errors, onChange }: FieldEditorProps) {
  const set = (changes: Partial<DraftField>) => onChange({ ...field, ...changes });
  const requiredId = useId();
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Label"
          value={field.label}
          autoComplete="off"
          error={errors?.label?.message}
          onChange={(event) => set({ label: event.currentTarget.value })}
        />
        {/* The type is chosen in the palette and fixed once the field exists (part 2 §4). */}
        <SelectField label="Field type" value={field.type} disabled>
          {formFieldTypes.map((type) => (
            <option key={type} value={type}>
              {fieldTypeLabels[type]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex items-center gap-2">
        <input
          id={requiredId}
          type="checkbox"
          checked={field.required ?? false}
          onChange={(event) => set({ required: event.currentTarget.checked })}
          className="size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500"
        />
        <label htmlFor={requiredId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Required
        </label>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {field.type !== 'checkbox' && field.type !== 'radio' && (
          <Field
            label="Placeholder"
            value={field.placeholder ?? ''}
            autoComplete="off"
            error={errors?.placeholder?.message}
            onChange={(event) => set({ placeholder: event.currentTarget.value })}
          />
        )}
        <Field
          label="Help text"
          value={field.helpText ?? ''}
          autoComplete="off"
          error={errors?.helpText?.message}
          onChange={(event) => set({ helpText: event.currentTarget.value })}
        />
      </div>
      {field.type === 'text' && (
        <SelectField
          label="Validation"
          value={field.validation ?? 'none'}
          error={errors?.validation?.message}
          onChange={(event) => set({ validation: event.currentTarget.value as FieldValidation })}
          className="sm:w-1/2"
        >
          {fieldValidations.map((validation) => (
            <option key={validation} value={validation}>
              {validationLabels[validation]}
            </option>
          ))}
        </SelectField>
      )}
      {hasOptions(field.type) && (
        <OptionsEditor
          options={field.options ?? []}
          errors={errors?.options}
          onChange={(options) => set({ options })}
        />
      )}
    </div>
  );
}

interface OptionsEditorProps {
  options: string[];
  errors: FieldErrors<DraftField>['options'];
  onChange: (options: string[]) => void;
}

function OptionsEditor({ options, errors, onChange }: OptionsEditorProps) {
  const legendId = useId();
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset aria-labelledby={legendId} className="space-y-2">
      <legend id={legendId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        Options
      </legend>
      <ol className="space-y-2">
        {options.map((option, index) => (
          // Options are edited in place and may repeat while typed: their position is their identity.
          <li key={index} className="flex items-start gap-2">
            <FieldFrame label={`Option ${index + 1}`} hideLabel error={errors?.[index]?.message} className="flex-1">
              {(control) => (
                <input
                  {...control}
                  value={option}
                  autoComplete="off"
                  className={inputClasses}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    onChange(options.map((o, i) => (i === index ? value : o)));
                  }}
                />
              )}
            </FieldFrame>
            <button
              type="button"
              aria-label={`Remove option ${index + 1}${option.trim() ? ` (${option.trim()})` : ''}`}
              className={cn(
                'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-700',
                'focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-red-500/10 dark:hover:text-red-400',
              )}
              onClick={() => onChange(options.filter((_, i) => i !== index))}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ol>
      {listError && <p className="text-sm text-red-600 dark:text-red-400">{listError}</p>}
      <Button variant="secondary" size="sm" onClick={() => onChange([...options, nextOptionName(options)])}>
        <Plus aria-hidden="true" className="size-4" />
        Add option
      </Button>
    </fieldset>
  );
}

/** "Option 4" after three, or the first "Option n" not taken. */
function nextOptionName(options: string[]): string {
  let n = options.length + 1;
  while (options.includes(`Option ${n}`)) n += 1;
  return `Option ${n}`;
}
