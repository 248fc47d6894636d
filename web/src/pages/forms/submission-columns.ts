import type { FormField, Submission } from '@common/forms';

export interface SubmissionColumn {
  fieldId: string;
  label: string;
  /** A field no longer in the form, found in the submissions' own copy of the fields. */
  removed: boolean;
}

/**
 * One column per field of the form now (its current label), then the fields found only in the submissions'
 * snapshots, labelled as they were when submitted (the newest snapshot's label wins).
 */
export function submissionColumns(
  fields: readonly Pick<FormField, 'id' | 'label'>[],
  submissions: readonly Pick<Submission, 'fields'>[],
): SubmissionColumn[] {
  const columns: SubmissionColumn[] = fields.map((field) => ({
    fieldId: field.id,
    label: field.label,
    removed: false,
  }));
  const seen = new Set(columns.map((column) => column.fieldId));
  for (const submission of submissions) {
    for (const field of submission.fields) {
      if (seen.has(field.id)) continue;
      seen.add(field.id);
      columns.push({ fieldId: field.id, label: field.label, removed: true });
    }
  }
  return columns;
}

/** A cell's text: a checkbox field's chosen options joined, an empty value as '-'. */
export function cellText(value: string | string[] | undefined): string {
  const text = Array.isArray(value) ? value.join(', ') : (value ?? '');
  return text.trim() ? text : '-';
}
