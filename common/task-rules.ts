/**
 * The tasks' display rules (part 1 §4), without zod: the dashboard's Recent Tasks uses them on the signed-in
 * first load, as the task list does.
 */

export type TaskStatusBadgeVariant = 'default' | 'primary' | 'success';

/** 'To Do' default, 'In Progress' primary, 'Done' success; any other status default. */
export function taskStatusBadgeVariant(status: string): TaskStatusBadgeVariant {
  if (status === 'In Progress') return 'primary';
  if (status === 'Done') return 'success';
  return 'default';
}
