import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { workspaceMembers } from '../../db/schema';

/**
 * Whether `userId` is a member of the workspace, and so may be assigned its tasks and activities. The membership is
 * held FOR KEY SHARE to the end of the caller's transaction, so a removal waits for the assignment and then hands it
 * over with the rest (`reassignRecords`).
 */
export async function isAssignable(tx: Tx, workspaceId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .for('key share');
  return row !== undefined;
}
