import { and, eq, sql } from 'drizzle-orm';
import { notePublishChanges } from '../calendar/caldav/publish-note';
import type { Tx } from '../../db/client';
import {
  chatbotConversations,
  chatbotFlows,
  chatbotKnowledge,
  chatbotMessages,
  chatbotPassages,
  contacts,
  dealActivities,
  deals,
  formSubmissions,
  forms,
  pipelines,
  projects,
  taskCategories,
  tasks,
} from '../../db/schema';

/** Every table whose rows a workspace shares, with the owner each row keeps (`user_id`). */
export const sharedTables = [
  contacts,
  pipelines,
  deals,
  dealActivities,
  projects,
  taskCategories,
  tasks,
  forms,
  formSubmissions,
  chatbotFlows,
  chatbotKnowledge,
  chatbotPassages,
  chatbotConversations,
  chatbotMessages,
] as const;

/**
 * Hands a leaving member's records in a workspace, and the tasks and activities assigned to them there, to another
 * member, in the caller's transaction: nothing of the workspace stays with someone outside it.
 */
export async function reassignRecords(tx: Tx, workspaceId: string, fromUserId: string, toUserId: string) {
  for (const table of sharedTables) {
    await tx
      .update(table)
      .set({ userId: toUserId })
      .where(and(eq(table.workspaceId, workspaceId), eq(table.userId, fromUserId)));
  }
  for (const table of [tasks, dealActivities]) {
    await tx
      .update(table)
      .set({ assignedUserId: toUserId })
      .where(and(eq(table.workspaceId, workspaceId), eq(table.assignedUserId, fromUserId)));
  }
  // Out of the leaving member's calendar, into the new owner's.
  for (const [kind, table] of [
    ['task', 'tasks'],
    ['activity', 'deal_activities'],
  ] as const) {
    await notePublishChanges(
      tx,
      kind,
      sql`select record_id from caldav_published where user_id = ${fromUserId} and kind = ${kind}
        union select id from ${sql.raw(table)}
          where workspace_id = ${workspaceId} and ${toUserId} in (user_id, assigned_user_id)`,
    );
  }
}
