import { z } from 'zod';
import { dealCurrencies } from './constants';
import { MAX_TEXTAREA_LENGTH } from './form-rules';
import { isoDate, optionalText, pageOf } from './http';
import { dealWhoseSchema } from './whose';

export const dealMessages = {
  nameRequired: 'Deal name is required',
  pipelineRequired: 'Pipeline is required',
  stageRequired: 'Stage is required',
  stageNotInPipeline: 'Choose a stage of this pipeline',
  valueInvalid: 'Value must be a number of at least 0',
  currencyInvalid: `Currency must be one of ${dealCurrencies.join(', ')}`,
  closeDateInvalid: 'Enter a valid date',
  created: 'Deal created successfully',
  updated: 'Deal updated successfully',
  saveFailed: 'Failed to save deal',
  loadFailed: 'Failed to load deals',
  contactsLoadFailed: 'Failed to load contacts',
  pipelinesLoadFailed: 'Failed to load pipelines',
  contactLoadFailed: 'Failed to load contact information',
  moveFailed: 'Failed to update deal stage',
  deleted: 'Deal deleted successfully',
  deleteFailed: 'Failed to delete deal',
  deleteTitle: 'Are you sure you want to delete this deal?',
  deleteBody: 'This action cannot be undone.',
  expired: 'Expired',
  noPipeline: 'You have no pipeline yet. Create one to start tracking deals.',
  ownerNotMember: 'Choose a member of this workspace',
} as const;

export const dealMoved = (stage: string) => `Deal moved to ${stage}`;

/** As long as a form's longest answer (a textarea), which a submission can map to the notes. */
export const DEAL_NOTES_MAX = MAX_TEXTAREA_LENGTH;

/** numeric(14, 2): cents at most, below a trillion. */
const MAX_VALUE = 999_999_999_999.99;

export const dealInputSchema = z.object({
  name: z
    .string({ message: dealMessages.nameRequired })
    .trim()
    .min(1, dealMessages.nameRequired)
    .max(200, 'Name must be at most 200 characters'),
  pipelineId: z.uuid({ message: dealMessages.pipelineRequired }),
  stage: z
    .string({ message: dealMessages.stageRequired })
    .trim()
    .min(1, dealMessages.stageRequired)
    .max(60, dealMessages.stageNotInPipeline),
  /** Parsed to a number or null (part 2 §5): the form sends null for an empty field. */
  value: z
    .number({ message: dealMessages.valueInvalid })
    .min(0, dealMessages.valueInvalid)
    .max(MAX_VALUE, dealMessages.valueInvalid)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: 'Value can have at most two decimals' })
    .nullable()
    .default(null),
  currency: z.enum(dealCurrencies, { message: dealMessages.currencyInvalid }).default('USD'),
  expectedCloseDate: isoDate(dealMessages.closeDateInvalid).nullable().default(null),
  contactId: z.uuid({ message: 'Contact not found' }).nullable().default(null),
  /** Trimmed, empty is null. Left out of a PATCH, the stored notes stay (older clients send none). */
  notes: optionalText(DEAL_NOTES_MAX).optional(),
  /** A member of the workspace (issue 29). Left out, a new deal is its creator's and an update keeps the owner. */
  ownerId: z.uuid({ message: dealMessages.ownerNotMember }).optional(),
});
export type DealInput = z.input<typeof dealInputSchema>;

/** PATCH /api/deals/:id/stage: the drag on the board. */
export const dealStageSchema = z.object({ stage: dealInputSchema.shape.stage });

/** A deal's next activity (its oldest pending one by due date), read with the deal, never per card. */
export const nextActivitySchema = z.object({ id: z.string(), dueDate: z.string(), status: z.string() });
export type NextActivity = z.infer<typeof nextActivitySchema>;

export const dealSchema = z.object({
  id: z.string(),
  name: z.string(),
  pipelineId: z.string(),
  stage: z.string(),
  value: z.number().nullable(),
  currency: z.enum(dealCurrencies),
  /** YYYY-MM-DD */
  expectedCloseDate: z.string().nullable(),
  contactId: z.string().nullable(),
  /** The linked contact's name, for the card and the picker. */
  contactName: z.string().nullable(),
  nextActivity: nextActivitySchema.nullable(),
  createdAt: z.string(),
  /** The member who owns the deal (its `user_id`), and their name as the people list gives it. */
  ownerId: z.string(),
  ownerName: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;

/** One deal with what its card leaves out: GET /api/deals/:id and the answer of every change to one deal. */
export const dealDetailSchema = dealSchema.extend({ notes: z.string().nullable() });
export type DealDetail = z.infer<typeof dealDetailSchema>;

/** GET /api/deals?pipelineId&stage&whose&cursor: one column's further deals, newest first. */
export const dealColumnQuerySchema = z.object({
  pipelineId: z.uuid({ message: dealMessages.pipelineRequired }),
  stage: z.string().min(1, dealMessages.stageRequired).max(60),
  /** The member's own deals, or everyone's (left out). */
  whose: dealWhoseSchema,
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(500, 'Invalid cursor').optional(),
});
export const dealPageSchema = pageOf(dealSchema);

/** A board column: its first page, and the count and total value of all its deals. */
export const boardColumnSchema = z.object({
  stage: z.string(),
  count: z.number().int(),
  /** Sum of value over the column's deals, whatever their currency (as the dashboard sums them). */
  total: z.number(),
  items: z.array(dealSchema),
  nextCursor: z.string().nullable(),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;

/** GET /api/deals/board?pipelineId&whose: the whole board in one request; counts and totals follow `whose`. */
export const boardQuerySchema = z.object({ pipelineId: z.uuid({ message: 'Not found' }), whose: dealWhoseSchema });
export const boardSchema = z.object({ pipelineId: z.string(), columns: z.array(boardColumnSchema) });
export type Board = z.infer<typeof boardSchema>;

/** How many deals a board column shows before "Load more". */
export const BOARD_PAGE_SIZE = 20;
