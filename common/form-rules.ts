/* Lead-capture forms without zod (issue "Lead-capture forms"; part 2 §3, decisions items 11, 13, 14): the field
   types and their defaults, the messages, and the one function that checks a submission. The public form page
   loads this file and no schema library; the server runs the same checks on every submission. */

export const formFieldTypes = [
  'name',
  'text',
  'email',
  'phone',
  'company',
  'website',
  'select',
  'textarea',
  'checkbox',
  'radio',
] as const;
export type FormFieldType = (typeof formFieldTypes)[number];

/** Offered only for the text type (part 2 §3). */
export const fieldValidations = ['none', 'email', 'url', 'website', 'numeric', 'alphanumeric'] as const;
export type FieldValidation = (typeof fieldValidations)[number];

/** Types whose value is one (select, radio) or several (checkbox) of the field's options. */
export const optionFieldTypes = ['select', 'radio', 'checkbox'] as const satisfies readonly FormFieldType[];
export const hasOptions = (type: string): boolean => (optionFieldTypes as readonly string[]).includes(type);

/** A field as the form stores it (part 2 §3). `id` is a random uuid. */
export interface FormField {
  id: string;
  type: FormFieldType;
  label: string;
  required: boolean;
  placeholder?: string;
  helpText?: string;
  options?: string[];
  validation?: FieldValidation;
}

const threeOptions = ['Option 1', 'Option 2', 'Option 3'];

/** The palette's defaults (part 2 §3), in palette order. */
export const fieldDefaults: Record<FormFieldType, Omit<FormField, 'id' | 'type'>> = {
  name: { label: 'Full Name', required: true },
  text: { label: 'Text Field', required: false, validation: 'none' },
  email: { label: 'Email', required: true },
  phone: { label: 'Phone', required: false },
  company: { label: 'Company', required: false },
  website: { label: 'Website', required: false, validation: 'url' },
  select: { label: 'Select Option', required: false, options: threeOptions },
  textarea: { label: 'Comments', required: false },
  checkbox: { label: 'Select Options', required: false, options: threeOptions },
  radio: { label: 'Choose One', required: false, options: threeOptions },
};

/** Deal properties a field can fill when autoCreateDeal is on (part 2 §3), in the order the settings list them. */
export const mappableDealProperties = [
  'name',
  'value',
  'stage',
  'contact_name',
  'contact_email',
  'contact_phone',
  'contact_company',
  'contact_website',
  'notes',
] as const;
export type MappableDealProperty = (typeof mappableDealProperties)[number];

export const borderRadii = { none: '0', sm: '0.125rem', md: '0.375rem', lg: '0.5rem', full: '9999px' } as const;
export type BorderRadius = keyof typeof borderRadii;
export const fontFamilies = {
  sans: 'ui-sans-serif, system-ui, sans-serif',
  serif: 'ui-serif, Georgia, serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, monospace',
} as const;
export type FontFamily = keyof typeof fontFamilies;
export const formThemes = ['light', 'dark', 'auto'] as const;
export type FormTheme = (typeof formThemes)[number];
/** The theme select's labels: auto reads "System Default" (part 2 §3). */
export const formThemeLabels: Record<FormTheme, string> = { light: 'Light', dark: 'Dark', auto: 'System Default' };

/** Longest accepted value: a textarea, and every other field. */
export const MAX_TEXTAREA_LENGTH = 5000;
export const MAX_VALUE_LENGTH = 500;

export const formMessages = {
  // The spec's words (part 2 §2, §4, §8, §9).
  title: 'Forms',
  create: '+ Create Form',
  emptyFields: 'Drag and drop fields from the left to build your form',
  saveNew: 'Save Form',
  saveExisting: 'Update Form',
  submitAnother: 'Submit Another Response',
  loadFailed: 'Failed to load forms',
  saveFailed: 'Failed to save form',
  deleteFailed: 'Failed to delete form',
  created: 'Form created successfully',
  updated: 'Form updated successfully',
  deleted: 'Form deleted',
  embedCopied: 'Embed code copied to clipboard',
  deleteConfirm: 'Are you sure you want to delete this form?',
  deleteWarning: 'This action cannot be undone.',
  // Beyond the spec.
  empty: 'No forms yet. Click + Create Form to build your first lead-capture form.',
  nameRequired: 'Form name is required',
  redirectInvalid: 'Redirect URL must be a full http:// or https:// address',
  formNotFound: 'This form is not available.',
  submit: 'Submit',
  submitting: 'Submitting...',
  submitFailed: 'Your response could not be sent. Please try again.',
  fixFields: 'Please correct the highlighted fields.',
  tooMany: 'Too many submissions. Please wait a minute and try again.',
  noDefaultPipeline: 'No deal was created: there is no default pipeline. Set one in Pipeline settings.',
  noSubmissions: 'No submissions yet.',
  submissionsLoadFailed: 'Failed to load submissions',
  /** Under every public form, out of its custom CSS's reach: a form on our origin could pose as a sign-in page. */
  noPasswords: 'Never submit passwords through this form',
} as const;

/** The per-field messages shown beside a field, in the browser and in the server's 400. */
export const fieldMessages = {
  required: 'This field is required',
  email: 'Enter a valid email address',
  url: 'Enter a valid URL starting with http:// or https://',
  website: 'Enter a valid website address',
  numeric: 'Enter a number',
  alphanumeric: 'Use letters and numbers only',
  phone: 'Enter a valid phone number',
  option: 'Choose one of the options',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

/** A submitted value: text, or the chosen options of a checkbox field. */
export type SubmittedValue = string | string[];

export interface SubmissionCheck {
  /** Only the form's own fields, trimmed; empty optional fields are left out. */
  values: Record<string, SubmittedValue>;
  /** Field id → message; empty when the submission is valid. */
  errors: Record<string, string>;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const NUMERIC = /^[-+]?(\d+([.,]\d+)?|[.,]\d+)$/;
const ALPHANUMERIC = /^[\p{L}\p{N}]+$/u;
const PHONE = /^\+?[\d\s().-]{5,30}$/;

/** An absolute http(s) URL with a real host name. */
export function isHttpUrl(value: string): boolean {
  if (/[\s\\]/.test(value) || !/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      (HOST.test(url.hostname) || url.hostname === 'localhost')
    );
  } catch {
    return false;
  }
}

/** A website as people type it: with or without http(s)://, e.g. "example.com/about". */
export function isWebsite(value: string): boolean {
  return isHttpUrl(/^https?:\/\//i.test(value) ? value : `https://${value}`);
}

/** A website as an http(s) address: one typed without its scheme ("example.com/about") gets https://; else null. */
export function websiteUrl(value: string): string | null {
  const text = value.trim();
  if (isHttpUrl(text)) return text;
  return isWebsite(text) ? `https://${text}` : null;
}

/**
 * A redirect URL the form may send visitors to: absolute http or https only. Refuses `javascript:`, `data:`,
 * protocol-relative `//host` and `/\host` (which browsers read as `//host`). Checked when saved and again before
 * the page follows it.
 */
export function isSafeRedirectUrl(value: string): boolean {
  return isHttpUrl(value.trim()) && value.trim() === value;
}

/** A rule a typed value can follow: a text field's validation, or a phone number's. */
export type ValueRule = FieldValidation | 'phone';

/** The rule a field's value follows, from its type (and, for text, its chosen validation). */
function ruleOf(field: FormField): ValueRule {
  switch (field.type) {
    case 'email':
      return 'email';
    case 'website':
      return field.validation === 'website' ? 'website' : 'url';
    case 'phone':
      return 'phone';
    case 'text':
      return field.validation ?? 'none';
    default:
      return 'none';
  }
}

/**
 * The message for a trimmed, non-empty value that breaks a rule, or null. Forms and the chatbot's Ask block
 * check answers alike through it.
 */
export function checkValue(rule: ValueRule, value: string): string | null {
  switch (rule) {
    case 'email':
      return EMAIL.test(value) ? null : fieldMessages.email;
    case 'url':
      return isHttpUrl(value) ? null : fieldMessages.url;
    case 'website':
      return isWebsite(value) ? null : fieldMessages.website;
    case 'numeric':
      return NUMERIC.test(value) ? null : fieldMessages.numeric;
    case 'alphanumeric':
      return ALPHANUMERIC.test(value) ? null : fieldMessages.alphanumeric;
    case 'phone':
      return PHONE.test(value) && /\d{3}/.test(value.replace(/\D/g, '')) ? null : fieldMessages.phone;
    default:
      return null;
  }
}

/**
 * Checks a submission against the form's own fields (not the posted keys): an omitted required field fails,
 * option fields accept only their defined options, unknown keys are dropped. The browser runs it before sending;
 * the server runs it on every submission and answers 400 with `errors` when any.
 */
export function checkSubmission(fields: readonly FormField[], posted: Record<string, unknown>): SubmissionCheck {
  const values: Record<string, SubmittedValue> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const raw = Object.prototype.hasOwnProperty.call(posted, field.id) ? posted[field.id] : undefined;
    if (field.type === 'checkbox') {
      const chosen = Array.isArray(raw) ? raw : typeof raw === 'string' && raw !== '' ? [raw] : [];
      if (chosen.some((item) => typeof item !== 'string' || !(field.options ?? []).includes(item))) {
        errors[field.id] = fieldMessages.option;
      } else if (chosen.length === 0) {
        if (field.required) errors[field.id] = fieldMessages.required;
      } else {
        // Each option once, in the form's order.
        values[field.id] = (field.options ?? []).filter((option) => chosen.includes(option));
      }
      continue;
    }
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      errors[field.id] =
        field.type === 'select' || field.type === 'radio' ? fieldMessages.option : fieldMessages.required;
      continue;
    }
    const value = (raw ?? '').trim();
    if (value === '') {
      if (field.required) errors[field.id] = fieldMessages.required;
      continue;
    }
    const max = field.type === 'textarea' ? MAX_TEXTAREA_LENGTH : MAX_VALUE_LENGTH;
    const problem =
      value.length > max
        ? fieldMessages.tooLong(max)
        : hasOptions(field.type)
          ? (field.options ?? []).includes(value)
            ? null
            : fieldMessages.option
          : checkValue(ruleOf(field), value);
    if (problem) errors[field.id] = problem;
    else values[field.id] = value;
  }
  return { values, errors };
}

/** The embed snippet of a form (part 2 §9 "Embed code"): the widget script from our origin plus its container. */
export function formEmbedCode(publicUrl: string, formId: string): string {
  const origin = publicUrl.replace(/\/+$/, '');
  return `<div class="pipewise-form" data-form-id="${formId}"></div>\n<script src="${origin}/form-widget.js" async></script>`;
}
