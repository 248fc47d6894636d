import { useId } from 'react';
import { contactImportFields, type ContactImportField } from '@common/contacts';
import { SelectField } from '../../components/select-field';
import { columnLabel, type ColumnMapping, type CsvPreview } from './csv-file';

export type DuplicateChoice = 'skip' | 'update';

const fieldLabels: Record<ContactImportField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
};

const duplicateChoices: Array<[DuplicateChoice, string]> = [
  ['skip', 'Skip duplicates'],
  ['update', 'Update existing contacts'],
];

interface ImportMappingProps {
  preview: CsvPreview;
  mapping: ColumnMapping;
  onMappingChange: (mapping: ColumnMapping) => void;
  duplicates: DuplicateChoice;
  onDuplicatesChange: (choice: DuplicateChoice) => void;
  disabled?: boolean;
}

/** Which column fills each field, the first rows as the file has them, and what to do with duplicates. */
export function ImportMapping({
  preview,
  mapping,
  onMappingChange,
  duplicates,
  onDuplicatesChange,
  disabled,
}: ImportMappingProps) {
  const radioName = useId();
  const width = Math.max(preview.header.length, ...preview.rows.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, i) => i);

  return (
    <div className="space-y-5">
      <fieldset disabled={disabled}>
        <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">
          Match the columns of the file
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {contactImportFields.map((field) => (
            <SelectField
              key={field}
              label={fieldLabels[field]}
              value={mapping[field] ?? ''}
              onChange={(event) =>
                onMappingChange({
                  ...mapping,
                  [field]: event.target.value === '' ? null : Number(event.target.value),
                })
              }
            >
              <option value="">{field === 'name' ? 'Choose a column' : 'Do not import'}</option>
              {columns.map((i) => (
                <option key={i} value={i}>
                  {columnLabel(preview.header, i)}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
      </fieldset>

      <div
        className="relative overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800"
        tabIndex={0}
        role="region"
        aria-label="Preview of the first rows"
      >
        <table className="w-full text-left text-xs">
          <caption className="sr-only">The first rows of the file</caption>
          <thead className="bg-slate-50 dark:bg-slate-900/60">
            <tr>
              {columns.map((i) => (
                <th
                  key={i}
                  scope="col"
                  className="px-3 py-2 font-semibold whitespace-nowrap text-slate-700 dark:text-slate-300"
                >
                  {columnLabel(preview.header, i)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {preview.rows.map((row, r) => (
              <tr key={r}>
                {columns.map((i) => (
                  <td
                    key={i}
                    className="max-w-48 truncate px-3 py-2 whitespace-nowrap text-slate-700 dark:text-slate-300"
                  >
                    {row[i] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <fieldset disabled={disabled}>
        <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">
          Rows whose e-mail is already a contact
        </legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {duplicateChoices.map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
              <input
                type="radio"
                name={radioName}
                value={value}
                checked={duplicates === value}
                onChange={() => onDuplicatesChange(value)}
                className="size-4 accent-indigo-600"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
