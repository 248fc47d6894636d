import { z } from 'zod';
import { defaultTaskCategoryColor, taskStatuses } from './constants';
import { countSchema, isoInstant, optionalText, pageOf, pageQuerySchema } from './http';
import { whoseSchema } from './whose';

export type TaskStatus = (typeof taskStatuses)[number];

export const taskMessages = {
  nameRequired: 'Task name is required',
  statusInvalid: `Status must be one of ${taskStatuses.join(', ')}`,
  dueDateInvalid: 'Enter a valid date and time',
  projectAndDeal: 'Link the task to a project or to a deal, not both',
  projectNotFound: 'Project not found',
  dealNotFound: 'Deal not found',
  categoryNotFound: 'Category not found',
  assigneeNotMember: 'Choose a member of this workspace',
  // The spec lists "Task created or updated successfully"; read as two messages, as for deals (docs/decisions.md).
  created: 'Task created successfully',
  updated: 'Task updated successfully',
  completed: 'Task completed',
  loadFailed: 'Failed to load tasks',
  saveFailed: 'Failed to save task',
  completeFailed: 'Failed to complete task',
  statusFailed: 'Failed to update task status',
  linksLoadFailed: 'Failed to load projects and deals for task linking',
  // Beyond the spec: delete, the empty states, the modal titles.
  deleted: 'Task deleted',
  deleteFailed: 'Failed to delete task',
  deleteTitle: 'Are you sure you want to delete this task?',
  deleteBody: 'This action cannot be undone.',
  create: 'Create Task',
  detailsTitle: 'Task Details',
  empty: 'No tasks yet. Click Create Task to add one.',
  noMatch: 'No tasks match these filters.',
} as const;

export const taskMoved = (status: string) => `Task moved to ${status}`;

export const MAX_TASK_CATEGORIES = 100;

export const categoryMessages = {
  nameRequired: 'Category name is required',
  colorInvalid: 'Choose a colour like #94A3B8',
  created: 'Category created successfully',
  createFailed: 'Failed to create category',
  loadFailed: 'Failed to load categories',
  // Beyond the spec: rename, recolour and delete.
  updated: 'Category updated successfully',
  updateFailed: 'Failed to update category',
  deleted: 'Category deleted',
  deleteFailed: 'Failed to delete category',
  deleteTitle: 'Are you sure you want to delete this category?',
  deleteBody: 'Its tasks stay, without a category.',
  tooMany: `You can have at most ${MAX_TASK_CATEGORIES} categories`,
  create: 'Create category',
} as const;

export const taskStatusSchema = z.enum(taskStatuses, { message: taskMessages.statusInvalid });

const nullableId = (message: string) =>
  z
    .uuid({ message })
    .nullish()
    .transform((v) => v ?? null);

/**
 * POST /api/tasks and PUT /api/tasks/:id. A task links to a project or to a deal, never both (part 2 §4);
 * the project, deal and category must be the task owner's, else 400 with the field's message.
 */
export const taskInputSchema = z
  .object({
    name: z
      .string({ message: taskMessages.nameRequired })
      .trim()
      .min(1, taskMessages.nameRequired)
      .max(200, 'Name must be at most 200 characters'),
    description: optionalText(5000),
    status: taskStatusSchema.default('To Do'),
    /** Date and time, an ISO timestamp with its offset. */
    dueDate: isoInstant(taskMessages.dueDateInvalid)
      .nullish()
      .transform((v) => v ?? null),
    isMilestone: z.boolean().default(false),
    categoryId: nullableId(taskMessages.categoryNotFound),
    projectId: nullableId(taskMessages.projectNotFound),
    dealId: nullableId(taskMessages.dealNotFound),
    /** A member of the task's workspace, or null for none; left out, an update keeps the current assignee. */
    assignedUserId: z.uuid({ message: taskMessages.assigneeNotMember }).nullable().optional(),
  })
  .refine((t) => !(t.projectId && t.dealId), { message: taskMessages.projectAndDeal, path: ['dealId'] });
export type TaskInput = z.input<typeof taskInputSchema>;

/** PATCH /api/tasks/:id/status: the drag on the board and the check button (Done). */
export const taskStatusBodySchema = z.object({ status: taskStatusSchema });

export const categoryColorSchema = z
  .string({ message: categoryMessages.colorInvalid })
  .regex(/^#[0-9A-Fa-f]{6}$/, categoryMessages.colorInvalid);

export const categoryInputSchema = z.object({
  name: z
    .string({ message: categoryMessages.nameRequired })
    .trim()
    .min(1, categoryMessages.nameRequired)
    .max(60, 'Category name must be at most 60 characters'),
  color: categoryColorSchema.default(defaultTaskCategoryColor),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
/** PATCH /api/task-categories/:id: rename and/or recolour; what is left out stays as it is (no default colour). */
export const categoryPatchSchema = z.object({
  name: categoryInputSchema.shape.name.optional(),
  color: categoryColorSchema.optional(),
});

export const categorySchema = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type Category = z.infer<typeof categorySchema>;
/** GET /api/task-categories: all of the user's categories (at most MAX_TASK_CATEGORIES), by name. */
export const categoryListSchema = z.object({ items: z.array(categorySchema) });

export const taskSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: taskStatusSchema,
  /** ISO timestamp */
  dueDate: z.string().nullable(),
  isMilestone: z.boolean(),
  category: categorySchema.nullable(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  dealId: z.string().nullable(),
  dealName: z.string().nullable(),
  /** False for a task another user assigned to the signed-in user. */
  isOwn: z.boolean(),
  assignedUserId: z.string().nullable(),
  /** The assignee's name (their email's local part when they gave none), null when unassigned. */
  assigneeName: z.string().nullable(),
  createdAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

/** The due filter (part 2 "Filters"), read in the browser's time zone `tz`; weeks start on Sunday. */
export const taskDueFilters = ['overdue', 'today', 'week', 'none'] as const;
export type TaskDueFilter = (typeof taskDueFilters)[number];
export const taskDueFilterLabels: Record<TaskDueFilter, string> = {
  overdue: 'Overdue',
  today: 'Due today',
  week: 'Due this week',
  none: 'No due date',
};

/** An IANA time zone name, as the browser reports it (Intl.DateTimeFormat().resolvedOptions().timeZone). */
export const timeZoneSchema = z
  .string()
  .max(100)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Unknown time zone' },
  );

/** The task filters; they live in the screen's URL under the same names. */
export const taskFilterSchema = z.object({
  status: taskStatusSchema.optional(),
  categoryId: z.uuid({ message: taskMessages.categoryNotFound }).optional(),
  projectId: z.uuid({ message: taskMessages.projectNotFound }).optional(),
  dealId: z.uuid({ message: taskMessages.dealNotFound }).optional(),
  due: z.enum(taskDueFilters, { message: 'Unknown due filter' }).optional(),
  tz: timeZoneSchema.default('UTC'),
  /** Text in the name or the description. */
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  /** Mine, assigned to me by another member, or everyone's (left out). */
  whose: whoseSchema,
});
export type TaskFilter = z.input<typeof taskFilterSchema>;

/** GET /api/tasks?…filters&limit&cursor: the list view, newest first; own tasks and those assigned to the user. */
export const taskListQuerySchema = pageQuerySchema.extend(taskFilterSchema.shape);
export const taskPageSchema = pageOf(taskSchema);

/** How many tasks a board column shows before "Load more". */
export const TASK_BOARD_PAGE_SIZE = 20;

/** GET /api/tasks/board?…filters: the three columns' first pages and counts (up to COUNT_CAP), in one request. */
export const taskBoardColumnSchema = z.object({
  status: taskStatusSchema,
  count: countSchema,
  items: z.array(taskSchema),
  nextCursor: z.string().nullable(),
});
export type TaskBoardColumn = z.infer<typeof taskBoardColumnSchema>;
export const taskBoardSchema = z.object({ columns: z.array(taskBoardColumnSchema) });
export type TaskBoard = z.infer<typeof taskBoardSchema>;

/** GET /api/deals/options?q: the task form's deal picker (id, name, stage), newest first, at most 20. */
export const dealOptionSchema = z.object({ id: z.string(), name: z.string(), stage: z.string() });
export const dealOptionsSchema = z.object({ items: z.array(dealOptionSchema) });
export const optionsQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
});
