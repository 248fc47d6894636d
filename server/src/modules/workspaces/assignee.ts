import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { workspaceMembers } from '../../db/schema';
import { AppError } from '../../errors';

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

/**
 * The owner a create or an update gives a contact or a deal: left out, `current` (a new record's creator, an updated
 * one's owner); another must be a member of the workspace (held as `isAssignable` holds it), else a 400 on `ownerId`
 * with the area's `message`.
 */
export async function chosenOwner(
  tx: Tx,
  workspaceId: string,
  ownerId: string | undefined,
  current: string,
  message: string,
): Promise<string> {
  if (ownerId === undefined || ownerId === current) return current;
  if (!(await isAssignable(tx, workspaceId, ownerId))) throw new AppError(400, message, { ownerId: message });
  return ownerId;
}
