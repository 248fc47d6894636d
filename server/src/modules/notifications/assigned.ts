import type { Tx } from '../../db/client';
import type { Member } from '../../db/member-scope';
import { addWantedNotification } from './notify';

// The bell of a member another member assigned a task or a deal activity to, written in the assignment's transaction.

/** Notifies a new assignee of a task, unless the member assigned it to themselves. */
export function notifyTaskAssigned(
  tx: Tx,
  member: Member,
  task: { id: string; name: string; assignedUserId: string | null },
): Promise<void> {
  if (!task.assignedUserId || task.assignedUserId === member.userId) return Promise.resolve();
  return addWantedNotification(tx, 'assignments', {
    userId: task.assignedUserId,
    kind: 'task_assigned',
    title: `Task assigned: ${task.name}`,
    body: null,
    link: `/app/tasks?task=${task.id}`,
    sourceId: task.id,
  });
}

/** Notifies a new assignee of a deal activity, unless the member assigned it to themselves; it opens the deal. */
export function notifyActivityAssigned(
  tx: Tx,
  member: Member,
  activity: { id: string; description: string; assignedUserId: string | null },
  deal: { id: string; name: string; pipelineId: string },
): Promise<void> {
  if (!activity.assignedUserId || activity.assignedUserId === member.userId) return Promise.resolve();
  return addWantedNotification(tx, 'assignments', {
    userId: activity.assignedUserId,
    kind: 'activity_assigned',
    title: `Activity assigned: ${activity.description}`,
    body: deal.name,
    link: `/app/deals?pipeline=${deal.pipelineId}&deal=${deal.id}`,
    sourceId: activity.id,
  });
}
