import { z } from 'zod';
import { fieldMessages, isHttpUrl } from './form-rules';
import { optionalText, pageOf, pageQuerySchema } from './http';

export const contactMessages = {
  loadFailed: 'Failed to load contacts',
  created: 'Contact created successfully',
  createFailed: 'Failed to create contact',
  updated: 'Contact updated successfully',
  updateFailed: 'Failed to update contact',
  deleted: 'Contact deleted',
  deleteFailed: 'Failed to delete contact',
  nameRequired: 'Name is required',
  empty: 'No contacts found. Click the Create button to add one.',
  noMatches: 'No contacts match your search',
  searchLabel: 'Search contacts',
  searchPlaceholder: 'Name, email, company or phone',
  detailLoadFailed: 'Failed to load contact',
  /** The delete confirmation; a contact that deals point to says what becomes of them. */
  deleteTitle: 'Delete contact',
  deleteConfirm: (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`,
  deleteKeepsDeals: (n: number) =>
    `${n === 1 ? 'Its deal stays' : `Its ${n} deals stay`} in your pipeline without a contact.`,
  exportLabel: 'Export CSV',
  importLabel: 'Import CSV',
  importTitle: 'Import contacts',
  importNotCsv: 'The file is not a CSV file',
  importTooLarge: 'The file must be at most 200 MB',
  importEmpty: 'The file has no rows to import',
  importNameColumnRequired: 'Choose the column that holds the name',
  /** A mapping naming a column past the file's header (only a hand-made request can send one). */
  importColumnUnknown: 'The file has no such column',
  importMalformed: (row: number) =>
    `The file is not valid CSV: a quoted value that starts on row ${row} is never closed`,
  importFailed: 'Failed to import contacts',
  importSummary: (imported: number, skipped: number) =>
    `${imported.toLocaleString('en-US')} imported, ${skipped.toLocaleString('en-US')} skipped`,
  /** The import runs as a background job (issue 30): its progress, and what becomes of it. */
  importUnavailable: 'Imports cannot start right now. Try again in a moment.',
  importProgress: (done: number, total: number) =>
    `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows`,
  importRunning: 'Importing contacts',
  importFinished: 'Import finished',
  importLeaveHint: 'You can close this window: the import goes on, and the contacts page shows where it is.',
  importInBackground: 'Continue in the background',
  importStopped: 'The import stopped before the end: the rows before it were imported. Try the rest again.',
  importNotMember: 'The import stopped: you are no longer a member of this workspace.',
  importReport: 'Download the rows not imported',
  importDuplicateReason: 'Duplicate e-mail address',
  ownerNotMember: 'Choose a member of this workspace',
} as const;

/** A website address as browsers and servers accept it in practice. */
export const CONTACT_WEBSITE_MAX = 2048;

export const contactInputSchema = z.object({
  name: z
    .string({ message: contactMessages.nameRequired })
    .trim()
    .min(1, contactMessages.nameRequired)
    .max(200, 'Name must be at most 200 characters'),
  email: optionalText(254).pipe(z.email('Please enter a valid email address').nullable()),
  phone: optionalText(50),
  company: optionalText(200),
  /** An http(s) address or empty (null). Left out of a PATCH, the stored one stays (older clients send none). */
  website: optionalText(CONTACT_WEBSITE_MAX)
    .pipe(z.string().refine(isHttpUrl, fieldMessages.url).nullable())
    .optional(),
  /** A member of the workspace (issue 29). Left out, a new contact is its creator's and an update keeps the owner. */
  ownerId: z.uuid({ message: contactMessages.ownerNotMember }).optional(),
});
export type ContactInput = z.input<typeof contactInputSchema>;

/** One contact: its screen, its edit form, and the answer of a create or an update. */
export const contactSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  website: z.string().nullable(),
  createdAt: z.string(),
  /** The member who owns the contact (its `user_id`), and their name as the people list gives it. */
  ownerId: z.string(),
  ownerName: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** A row of the list: the columns it shows (and sorts or searches by), nothing more. */
export const contactListItemSchema = contactSchema.omit({ website: true, ownerId: true, ownerName: true });
export type ContactListItem = z.infer<typeof contactListItemSchema>;

export const contactPageSchema = pageOf(contactListItemSchema);

/** The columns a list can be sorted by, each with its index; empty values come last ascending, first descending. */
export const contactSortColumns = ['name', 'email', 'phone', 'company'] as const;
export type ContactSort = (typeof contactSortColumns)[number];
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

/**
 * GET /api/contacts: a page sorted by `sort` (default name) in direction `dir` (default asc), then id; with `q`,
 * only contacts whose name, e-mail, company or phone contains it, whatever the case. A cursor is valid only for
 * the sort and direction it was issued for (400 otherwise). The screen keeps q, sort and dir in its URL.
 */
export const contactListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  sort: z.enum(contactSortColumns, { message: 'Unknown sort column' }).default('name'),
  dir: z.enum(sortDirections, { message: 'Sort direction must be asc or desc' }).default('asc'),
});
export type ContactListQuery = z.input<typeof contactListQuerySchema>;

/** GET /api/contacts/:id/details: the contact with its deals and the tasks of those deals, in one answer. */
export const CONTACT_DETAIL_LIMIT = 50;
export const contactDealSchema = z.object({
  id: z.string(),
  name: z.string(),
  stage: z.string(),
  value: z.string().nullable(),
  currency: z.string(),
  pipelineId: z.string(),
  pipelineName: z.string(),
});
export const contactTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  dueDate: z.string().nullable(),
  dealName: z.string().nullable(),
});
export const contactDetailSchema = z.object({
  contact: contactSchema,
  /** Newest first, at most CONTACT_DETAIL_LIMIT; `dealCount` is all of them (the delete confirmation says it). */
  deals: z.array(contactDealSchema),
  dealCount: z.number().int(),
  /** Tasks linked to those deals, own or assigned to the user, by due date (none last), at most CONTACT_DETAIL_LIMIT. */
  tasks: z.array(contactTaskSchema),
});
export type ContactDetail = z.infer<typeof contactDetailSchema>;

/**
 * CSV. Export: GET /api/contacts/export, all the user's contacts by name as text/csv (header Name,Email,Phone,
 * Company), streamed a batch at a time; a value starting with = + - @ is prefixed with ' so a spreadsheet does not
 * run it. Import: POST /api/contacts/import, multipart with the fields below then the file field `file` (at most
 * 200 MB of UTF-8 text, parsed with papaparse). The file is checked as a whole first (text, a header, data rows, no
 * quoted value left open: refused with 400 and nothing stored), then imported by a background job, a piece at a time:
 * the answer (202) is the import, which GET /api/contacts/imports/:id follows. Row numbers are the file's lines as a
 * spreadsheet numbers them (the header is row 1). Rows that fail the contact rules are listed and skipped; rows whose
 * e-mail (any case) is already a contact of the member, or repeats an earlier row of the file, are duplicates:
 * skipped, or with `duplicates: update` the existing contact takes the row's values. Every row not imported is in the
 * import's report (GET /api/contacts/imports/:id/report, CSV).
 */
export const CONTACT_IMPORT_MAX_BYTES = 200 * 1024 * 1024;
export const contactCsvHeader = ['Name', 'Email', 'Phone', 'Company'] as const;
export const contactImportFields = ['name', 'email', 'phone', 'company'] as const;
export type ContactImportField = (typeof contactImportFields)[number];

/** Which column (0-based, in the header row) fills each field; name is required, the others may be left out. */
export const contactImportMappingSchema = z.object({
  name: z.number({ message: contactMessages.importNameColumnRequired }).int().min(0).max(199),
  email: z.number().int().min(0).max(199).nullable().default(null),
  phone: z.number().int().min(0).max(199).nullable().default(null),
  company: z.number().int().min(0).max(199).nullable().default(null),
});
export type ContactImportMapping = z.input<typeof contactImportMappingSchema>;

/** The multipart fields before the file: `mapping` is the JSON of ContactImportMapping. */
export const contactImportOptionsSchema = z.object({
  mapping: contactImportMappingSchema,
  duplicates: z.enum(['skip', 'update'], { message: 'Duplicates must be skip or update' }).default('skip'),
});
export type ContactImportOptions = z.input<typeof contactImportOptionsSchema>;

/** At most this many invalid and duplicate rows are listed; the counts cover all of them, the report lists all. */
export const CONTACT_IMPORT_LISTED_ROWS = 100;
export const contactImportResultSchema = z.object({
  imported: z.number().int(),
  updated: z.number().int(),
  /** Invalid rows plus duplicates skipped. */
  skipped: z.number().int(),
  invalid: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  duplicates: z.array(z.object({ row: z.number().int(), email: z.string() })),
});
export type ContactImportResult = z.infer<typeof contactImportResultSchema>;

export const contactImportStates = ['importing', 'done', 'failed'] as const;
export type ContactImportState = (typeof contactImportStates)[number];
export const contactImportRefusalKinds = ['invalid', 'duplicate'] as const;

/** An import and where it is: `rowsDone` of `totalRows` data rows read; the result's counts so far. */
export const contactImportSchema = contactImportResultSchema.extend({
  id: z.uuid(),
  fileName: z.string(),
  state: z.enum(contactImportStates),
  duplicatesChoice: z.enum(['skip', 'update']),
  totalRows: z.number().int(),
  rowsDone: z.number().int(),
  /** Why a failed import stopped. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ContactImport = z.infer<typeof contactImportSchema>;

/** The member's latest import not dismissed, for the contacts page; null when there is none. */
export const currentContactImportSchema = z.object({ import: contactImportSchema.nullable() });
