import type { z } from 'zod';
import {
  fieldDefaults,
  formSettingsSchema,
  formStyleSchema,
  type FieldValidation,
  type Form,
  type FormField,
  type FormFieldType,
  type formInputSchema,
  type MappableDealProperty,
  type PublicForm,
} from '@common/forms';

/** What the builder edits: the input of POST/PUT /api/forms, checked with formInputSchema before saving. */
export type FormDraft = z.input<typeof formInputSchema>;
export type SavedForm = z.output<typeof formInputSchema>;
export type DraftField = NonNullable<FormDraft['fields']>[number];

/** The palette's names of the field types (part 2 §3), in palette order. */
export const fieldTypeLabels: Record<FormFieldType, string> = {
  name: 'Name',
  text: 'Text',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  website: 'Website',
  select: 'Select',
  textarea: 'Text Area',
  checkbox: 'Checkboxes',
  radio: 'Radio Buttons',
};

export const validationLabels: Record<FieldValidation, string> = {
  none: 'None',
  email: 'Email',
  url: 'URL',
  website: 'Website',
  numeric: 'Numeric',
  alphanumeric: 'Alphanumeric',
};

export const dealPropertyLabels: Record<MappableDealProperty, string> = {
  name: 'Deal name',
  value: 'Deal value',
  stage: 'Stage',
  contact_name: 'Contact name',
  contact_email: 'Contact email',
  contact_phone: 'Contact phone',
  contact_company: 'Contact company',
  contact_website: 'Contact website',
  notes: 'Notes',
};

/** A new field of the palette: the defaults of part 2 §3 and a random id. */
export function newField(type: FormFieldType): FormField {
  const defaults = fieldDefaults[type];
  return {
    id: crypto.randomUUID(),
    type,
    ...defaults,
    ...(defaults.options ? { options: [...defaults.options] } : {}),
  };
}

/** The builder's starting values: the form as stored, or an empty form with the spec's defaults. */
export function toDraft(form: Form | null): FormDraft {
  const settings = form?.settings ?? formSettingsSchema.parse({});
  const style = form?.style ?? formStyleSchema.parse({});
  return {
    name: form?.name ?? '',
    description: form?.description ?? '',
    fields: form?.fields.map((field) => ({ ...field, options: field.options ? [...field.options] : undefined })) ?? [],
    settings: {
      ...settings,
      redirectUrl: settings.redirectUrl ?? '',
      fieldMapping: { ...settings.fieldMapping },
    },
    style: { ...style, customCss: style.customCss ?? '' },
  };
}

const hex = /^#[0-9a-fA-F]{6}$/;
const defaultStyle = formStyleSchema.parse({});
const defaultSuccessMessage = formSettingsSchema.parse({}).successMessage;

/**
 * The draft as the public page would receive it, for the Preview tab: nothing is sent from it, and it never
 * redirects. A colour still being typed falls back to its default.
 */
export function draftAsPublicForm(draft: FormDraft, id: string, scopedCss: string | null): PublicForm {
  const style = draft.style ?? {};
  return {
    id,
    name: draft.name?.trim() || 'Untitled form',
    description: draft.description?.trim() || null,
    fields: (draft.fields ?? []).map((field) => ({ ...field, required: field.required ?? false })),
    successMessage: draft.settings?.successMessage?.trim() || defaultSuccessMessage,
    redirectUrl: null,
    style: {
      theme: style.theme ?? defaultStyle.theme,
      primaryColor: style.primaryColor && hex.test(style.primaryColor) ? style.primaryColor : defaultStyle.primaryColor,
      backgroundColor:
        style.backgroundColor && hex.test(style.backgroundColor) ? style.backgroundColor : defaultStyle.backgroundColor,
      borderRadius: style.borderRadius ?? defaultStyle.borderRadius,
      fontFamily: style.fontFamily ?? defaultStyle.fontFamily,
      scopedCss,
    },
  };
}

/** The builder tab that holds a field of the server's or the schema's error, e.g. "settings.redirectUrl". */
export function tabOfPath(path: string): BuilderTab | null {
  if (path.startsWith('fields')) return 'fields';
  if (path.startsWith('settings')) return 'settings';
  if (path.startsWith('style')) return 'style';
  return null;
}

export type BuilderTab = 'fields' | 'settings' | 'style' | 'preview';
