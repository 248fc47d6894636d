import { sql } from 'drizzle-orm';
import {
  fieldValidations,
  formFieldTypes,
  formSettingsSchema,
  formStyleSchema,
  isSafeRedirectUrl,
  type FormField,
  type FormSettings,
  type FormStyle,
} from '@common/forms';
import {
  defaultFormSettings,
  defaultFormStyle,
  type StoredFormField,
  type StoredFormSettings,
  type StoredFormStyle,
} from '../../db/schema';

// A form's JSON columns read back into the contract's shapes. What was saved went through formInputSchema, but a
// row written some other way (an older version, a hand edit) must neither break a page with a 500 nor reach a
// visitor unchecked: an unsafe redirect URL is dropped, anything else invalid falls back to the defaults.

/** ISO 8601 in UTC with microseconds: the key a newest-first cursor needs (rows of one statement share a millisecond). */
export const microsecondKey = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

export function readSettings(stored: StoredFormSettings | null | undefined): FormSettings {
  const merged = { ...defaultFormSettings, ...stored };
  if (merged.redirectUrl !== undefined && !isSafeRedirectUrl(merged.redirectUrl)) delete merged.redirectUrl;
  const parsed = formSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : formSettingsSchema.parse({});
}

export function readStyle(stored: StoredFormStyle | null | undefined): FormStyle {
  const parsed = formStyleSchema.safeParse({ ...defaultFormStyle, ...stored });
  return parsed.success ? parsed.data : formStyleSchema.parse({});
}

const isFieldType = (type: string): type is FormField['type'] => (formFieldTypes as readonly string[]).includes(type);
const isValidation = (value: string | undefined): value is FormField['validation'] =>
  value !== undefined && (fieldValidations as readonly string[]).includes(value);

/** The fields as the contract describes them: known types only, and only their known properties. */
export function readFields(stored: StoredFormField[] | null | undefined): FormField[] {
  return (stored ?? []).flatMap((field): FormField[] => {
    if (!field || typeof field.id !== 'string' || typeof field.label !== 'string' || !isFieldType(field.type))
      return [];
    return [
      {
        id: field.id,
        type: field.type,
        label: field.label,
        required: field.required === true,
        ...(typeof field.placeholder === 'string' ? { placeholder: field.placeholder } : {}),
        ...(typeof field.helpText === 'string' ? { helpText: field.helpText } : {}),
        ...(Array.isArray(field.options) ? { options: field.options.filter((o) => typeof o === 'string') } : {}),
        ...(isValidation(field.validation) ? { validation: field.validation } : {}),
      },
    ];
  });
}

/** The redirect URL a visitor may be sent to, or null: checked again when served, whatever was stored. */
export function safeRedirectUrl(stored: StoredFormSettings | null | undefined): string | null {
  const url = stored?.redirectUrl;
  return typeof url === 'string' && isSafeRedirectUrl(url) ? url : null;
}
