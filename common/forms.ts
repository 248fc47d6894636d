import { z } from 'zod';
import { pageOf, pageQuerySchema } from './http';
import {
  fieldValidations,
  fontFamilies,
  formFieldTypes,
  formMessages,
  formThemes,
  hasOptions,
  isSafeRedirectUrl,
  mappableDealProperties,
  borderRadii,
  type FormField,
} from './form-rules';

/* Lead-capture forms (issue "Lead-capture forms"; part 2 §3, decisions items 11, 13, 14). The field types,
   defaults, messages and the submission check live in form-rules.ts, which the public page loads without zod. */
export * from './form-rules';

export const MAX_FIELDS = 50;
export const MAX_OPTIONS = 50;
export const MAX_CUSTOM_CSS = 20_000;

const trimmedText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
/** Optional text of a field: trimmed, and left out when empty. */
const optionalFieldText = (max: number) =>
  trimmedText(max)
    .optional()
    .transform((value) => value || undefined);

export const formFieldSchema = z
  .object({
    id: z.uuid({ message: 'Invalid field id' }),
    type: z.enum(formFieldTypes, { message: 'Unknown field type' }),
    label: trimmedText(200).min(1, 'Label is required'),
    required: z.boolean().default(false),
    placeholder: optionalFieldText(200),
    helpText: optionalFieldText(500),
    options: z.array(trimmedText(200).min(1, 'Options cannot be blank')).max(MAX_OPTIONS).optional(),
    validation: z.enum(fieldValidations, { message: 'Unknown validation' }).optional(),
  })
  .transform((field, ctx): FormField => {
    if (!hasOptions(field.type)) return { ...field, options: undefined };
    const options = field.options ?? [];
    if (options.length === 0) ctx.addIssue({ code: 'custom', message: 'Add at least one option', path: ['options'] });
    if (new Set(options).size !== options.length)
      ctx.addIssue({ code: 'custom', message: 'Options must be different', path: ['options'] });
    return { ...field, options };
  })
  // Validation is offered for text only (part 2 §3); a website field checks a URL or, if asked, a website.
  .transform((field): FormField => ({
    ...field,
    validation:
      field.type === 'text'
        ? (field.validation ?? 'none')
        : field.type === 'website'
          ? field.validation === 'website'
            ? 'website'
            : 'url'
          : undefined,
  }));

export const formSettingsSchema = z.object({
  autoCreateDeal: z.boolean().default(false),
  dealStage: trimmedText(100).min(1, 'Choose a deal stage').default('Lead'),
  notifyOnSubmission: z.boolean().default(true),
  /** http(s) only; empty means none. */
  redirectUrl: z
    .string()
    .trim()
    .max(2000, formMessages.redirectInvalid)
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isSafeRedirectUrl(value), { message: formMessages.redirectInvalid }),
  successMessage: trimmedText(1000)
    .optional()
    .transform((value) => value || 'Thank you for your submission!'),
  /** Deal property → field id; each field id must be one of the form's fields (checked by formInputSchema). */
  fieldMapping: z
    .partialRecord(z.enum(mappableDealProperties, { message: 'Unknown deal property' }), z.uuid())
    .default({}),
});
export type FormSettings = z.infer<typeof formSettingsSchema>;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #3B82F6');

export const formStyleSchema = z.object({
  theme: z.enum(formThemes).default('light'),
  primaryColor: hexColor.default('#3B82F6'),
  backgroundColor: hexColor.default('#FFFFFF'),
  borderRadius: z.enum(Object.keys(borderRadii) as [keyof typeof borderRadii]).default('md'),
  fontFamily: z.enum(Object.keys(fontFamilies) as [keyof typeof fontFamilies]).default('sans'),
  /** Stored as written; served only scoped under the form’s root (scopeCustomCss, common/form-css.ts). */
  customCss: z
    .string()
    .max(MAX_CUSTOM_CSS, `Custom CSS must be at most ${MAX_CUSTOM_CSS} characters`)
    .optional()
    .transform((value) => (value?.trim() ? value : undefined)),
});
export type FormStyle = z.infer<typeof formStyleSchema>;

/** POST /api/forms and PUT /api/forms/:id. */
export const formInputSchema = z
  .object({
    name: z
      .string({ message: formMessages.nameRequired })
      .trim()
      .min(1, formMessages.nameRequired)
      .max(200, 'Name must be at most 200 characters'),
    description: z
      .string()
      .trim()
      .max(2000, 'Description must be at most 2000 characters')
      .nullish()
      .transform((value) => value || null),
    fields: z.array(formFieldSchema).max(MAX_FIELDS, `A form has at most ${MAX_FIELDS} fields`).default([]),
    settings: formSettingsSchema.default(formSettingsSchema.parse({})),
    style: formStyleSchema.default(formStyleSchema.parse({})),
  })
  .superRefine((form, ctx) => {
    const ids = new Set(form.fields.map((field) => field.id));
    if (ids.size !== form.fields.length)
      ctx.addIssue({ code: 'custom', message: 'Field ids must be unique', path: ['fields'] });
    for (const [property, fieldId] of Object.entries(form.settings.fieldMapping)) {
      if (fieldId && !ids.has(fieldId))
        ctx.addIssue({
          code: 'custom',
          message: 'Map to a field of this form',
          path: ['settings', 'fieldMapping', property],
        });
    }
  });
export type FormInput = z.input<typeof formInputSchema>;

export const formSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  fields: z.array(z.custom<FormField>()),
  // Checked, not transformed again: the server sends what it saved, and a response schema with a transform cannot
  // be encoded (zod's encode refuses unidirectional transforms).
  settings: z.custom<FormSettings>((value) => formSettingsSchema.safeParse(value).success),
  style: z.custom<FormStyle>((value) => formStyleSchema.safeParse(value).success),
  submissionCount: z.number().int(),
  /** formEmbedCode(PUBLIC_URL, id): the snippet the card's copy button copies. */
  embedCode: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Form = z.infer<typeof formSchema>;

/** GET /api/forms?limit&cursor: the user's forms, newest first (part 2 §7). GET/PUT/DELETE /api/forms/:id. */
export const formListQuerySchema = pageQuerySchema;
export const formPageSchema = pageOf(formSchema);

/** One stored submission as the owner sees it. */
export const submissionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Field id → value (a checkbox field's value is its chosen options). */
  data: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** The form's fields as they were when this was submitted. */
  fields: z.array(z.object({ id: z.string(), label: z.string(), type: z.string() })),
  dealId: z.string().nullable(),
  contactId: z.string().nullable(),
  /** Why autoCreateDeal made no deal, e.g. formMessages.noDefaultPipeline; null otherwise. */
  dealSkippedReason: z.string().nullable(),
});
export type Submission = z.infer<typeof submissionSchema>;

/**
 * GET /api/forms/:id/submissions?limit&cursor: newest first. GET /api/forms/:id/submissions.csv: every
 * submission as CSV (one column per field of the form now, then older fields found in submissions), streamed.
 */
export const submissionListQuerySchema = pageQuerySchema;
export const submissionPageSchema = pageOf(submissionSchema);

/** GET /api/public/forms/:id: only what a visitor needs (no owner, no mapping, no deal stage); unknown: 404. */
export const publicFormSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  fields: z.array(z.custom<FormField>()),
  successMessage: z.string(),
  redirectUrl: z.string().nullable(),
  style: formStyleSchema.omit({ customCss: true }).extend({
    /** The user's CSS scoped under `[data-pipewise-form]`, with imports, url() and markup-closing text removed. */
    scopedCss: z.string().nullable(),
  }),
});
export type PublicForm = z.infer<typeof publicFormSchema>;

/**
 * POST /api/public/forms/:id/submissions (no session; rate-limited per IP and per form; small body limit).
 * `values` is checked field by field with checkSubmission against the stored form: 400 { error: fixFields,
 * fields: { fieldId: message } }. A filled `honeypot` answers like a success and stores nothing. The same
 * `idempotencyKey` again answers the submission it stored (200) instead of a second one (201).
 */
export const submissionInputSchema = z.object({
  values: z.record(z.string().max(100), z.unknown()),
  idempotencyKey: z.uuid({ message: 'Invalid idempotency key' }),
  honeypot: z.string().max(1000).optional(),
});
export type SubmissionInput = z.infer<typeof submissionInputSchema>;

export const submissionReceiptSchema = z.object({
  id: z.string(),
  successMessage: z.string(),
  redirectUrl: z.string().nullable(),
});
export type SubmissionReceipt = z.infer<typeof submissionReceiptSchema>;
