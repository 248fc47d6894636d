import { z } from 'zod';
import { projectStatuses } from './constants';
import { countSchema, isoDate, optionalText, pageOf, pageQuerySchema } from './http';

export type ProjectStatus = (typeof projectStatuses)[number];

/** The create and edit form offers only these (part 2 §4); the board's drag reaches all five. */
export const projectFormStatuses = ['Not Started', 'In Progress', 'Completed'] as const satisfies ProjectStatus[];

/** Badge variant of each status (part 2 §4). */
export const projectStatusBadge = {
  'Not Started': 'default',
  Planning: 'secondary',
  'In Progress': 'primary',
  Review: 'warning',
  Completed: 'success',
} as const satisfies Record<ProjectStatus, string>;

export const projectMessages = {
  nameRequired: 'Project name is required',
  statusInvalid: `Status must be one of ${projectStatuses.join(', ')}`,
  dueDateInvalid: 'Enter a valid date',
  created: 'Project created successfully',
  updated: 'Project updated successfully',
  deleted: 'Project deleted successfully',
  loadFailed: 'Failed to load projects',
  saveFailed: 'Failed to save project',
  deleteFailed: 'Failed to delete project',
  statusFailed: 'Failed to update project status',
  /** The browser confirmation before deleting (part 2 §2). */
  deleteConfirm: 'Are you sure you want to delete this project? This action cannot be undone.',
  // Beyond the spec: the button, the empty state and the view toggle.
  create: 'Create Project',
  empty: 'No projects yet. Click Create Project to add one.',
} as const;

export const projectStatusUpdated = (status: string) => `Project status updated to ${status}`;

export const projectStatusSchema = z.enum(projectStatuses, { message: projectMessages.statusInvalid });

/** POST /api/projects and PUT /api/projects/:id. Trimmed; empty description and due date stored as null. */
export const projectInputSchema = z.object({
  name: z
    .string({ message: projectMessages.nameRequired })
    .trim()
    .min(1, projectMessages.nameRequired)
    .max(200, 'Name must be at most 200 characters'),
  description: optionalText(5000),
  /** All five are accepted, so editing a project that was dragged to Review keeps its status. */
  status: projectStatusSchema.default('Not Started'),
  dueDate: isoDate(projectMessages.dueDateInvalid)
    .nullish()
    .transform((v) => v ?? null),
});
export type ProjectInput = z.input<typeof projectInputSchema>;

/** PATCH /api/projects/:id/status: the drag on the board. */
export const projectStatusBodySchema = z.object({ status: projectStatusSchema });

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: projectStatusSchema,
  /** YYYY-MM-DD */
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  /** Task progress on the card: the project's tasks, and those of them Done. */
  taskCount: z.number().int(),
  doneTaskCount: z.number().int(),
});
export type Project = z.infer<typeof projectSchema>;

/**
 * GET /api/projects?status&q&limit&cursor: newest first. The grid pages all projects; a board column
 * pages one status ("Load more"); the task form's project picker searches by name with `q`.
 */
export const projectListQuerySchema = pageQuerySchema.extend({
  status: projectStatusSchema.optional(),
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
});
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;
export const projectPageSchema = pageOf(projectSchema);

/** How many projects a board column shows before "Load more". */
export const PROJECT_BOARD_PAGE_SIZE = 20;

/** GET /api/projects/board: every column's first page and its count (up to COUNT_CAP), in one request. */
export const projectBoardColumnSchema = z.object({
  status: projectStatusSchema,
  count: countSchema,
  items: z.array(projectSchema),
  nextCursor: z.string().nullable(),
});
export type ProjectBoardColumn = z.infer<typeof projectBoardColumnSchema>;
export const projectBoardSchema = z.object({ columns: z.array(projectBoardColumnSchema) });
export type ProjectBoard = z.infer<typeof projectBoardSchema>;
