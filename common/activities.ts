import { z } from 'zod';
import { activityPriorities, activityTypes } from './constants';
import { isoInstant, pageOf } from './http';

export type ActivityType = (typeof activityTypes)[number];
export type ActivityPriority = (typeof activityPriorities)[number];

/** Labels of the type picker (part 2 §5). */
export const activityTypeLabels: Record<ActivityType, string> = {
  call: 'Make a call',
  email: 'Send email',
  meeting: 'Schedule meeting',
  follow_up: 'Follow up',
  proposal: 'Send proposal',
  custom: 'Custom activity',
};

export const activityMessages = {
  loadFailed: 'Failed to load activities',
  created: 'Activity created successfully',
  createFailed: 'Failed to create activity',
  completed: 'Activity marked as complete',
  completeFailed: 'Failed to complete activity',
  deleted: 'Activity deleted',
  deleteFailed: 'Failed to delete activity',
  descriptionRequired: 'Description is required',
  dueRequired: 'Due date and time are required',
  typeInvalid: 'Choose an activity type',
  priorityInvalid: 'Priority must be low, medium or high',
  assigneeNotMember: 'Choose a member of this workspace',
} as const;

export const activityInputSchema = z.object({
  activityType: z.enum(activityTypes, { message: activityMessages.typeInvalid }),
  description: z
    .string({ message: activityMessages.descriptionRequired })
    .trim()
    .min(1, activityMessages.descriptionRequired)
    .max(2000, 'Description must be at most 2000 characters'),
  /** The form's date and time combined in the browser's time zone, sent as an ISO timestamp with its offset. */
  dueDate: isoInstant(activityMessages.dueRequired),
  priority: z.enum(activityPriorities, { message: activityMessages.priorityInvalid }).default('medium'),
  /** A member of the deal's workspace, or null for none; left out, the creator. */
  assignedUserId: z.uuid({ message: activityMessages.assigneeNotMember }).nullable().optional(),
});
export type ActivityInput = z.input<typeof activityInputSchema>;

export const activitySchema = z.object({
  id: z.string(),
  dealId: z.string(),
  activityType: z.enum(activityTypes),
  description: z.string(),
  dueDate: z.string(),
  priority: z.enum(activityPriorities),
  status: z.enum(['pending', 'completed']),
  completedAt: z.string().nullable(),
  assignedUserId: z.string().nullable(),
  /** The assigned user's name (part 2 §7), null when unassigned. */
  assignedUserName: z.string().nullable(),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/** GET /api/deals/:id/activities: by due date, then id. */
export const activityPageSchema = pageOf(activitySchema);

export const dealActivityParamsSchema = z.object({
  dealId: z.uuid({ message: 'Not found' }),
  id: z.uuid({ message: 'Not found' }),
});

/** The deal of a deal's activities list (and of a new activity). */
export const dealActivitiesParamsSchema = z.object({ dealId: dealActivityParamsSchema.shape.dealId });
