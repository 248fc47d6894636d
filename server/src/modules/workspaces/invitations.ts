import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  INVITATION_DAYS,
  INVITATIONS_PER_HOUR,
  workspaceMessages,
  type AssignableRole,
  type Invitation,
  type InvitationInput,
  type InvitationPreview,
  type InvitationSent,
  type Workspace,
} from '@common/workspaces';
import type { Db, Tx } from '../../db/client';
import { users, workspaceInvitations, workspaceMembers, workspaces } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { ProductMail } from '../../product-mail';
import { invitationMail } from './invitation-mail';
import { requireAdmin, type WorkspaceScope } from './scope';

// Invitations by e-mail address (issue 29): a single-use link of 32 random bytes, of which only the SHA-256 is
// stored, valid for INVITATION_DAYS. Mailed by the product's own mail, or shown once to the Admin to copy.

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const expiryFrom = (now: Date) => new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60_000);
const pending = and(isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt));

const inviter = sql<
  string | null
>`(select coalesce(nullif(btrim(${users.name}), ''), ${users.email}) from ${users} where ${users.id} = ${workspaceInvitations.invitedBy})`;
const invitationColumns = {
  id: workspaceInvitations.id,
  email: workspaceInvitations.email,
  role: workspaceInvitations.role,
  invitedBy: inviter,
  createdAt: workspaceInvitations.createdAt,
  expiresAt: workspaceInvitations.expiresAt,
};
type InvitationRow = {
  id: string;
  email: string;
  role: string;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
};

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role as AssignableRole,
  invitedBy: row.invitedBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

export interface InvitationContext {
  db: Db;
  scope: WorkspaceScope;
  userId: string;
  publicUrl: string;
  mail: ProductMail | null;
}

/** The workspace's pending invitations, newest first; expired ones show until resent or revoked. */
export async function listInvitations(db: Db, scope: WorkspaceScope): Promise<Invitation[]> {
  requireAdmin(scope);
  const rows = await db
    .select(invitationColumns)
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, scope.id), pending))
    .orderBy(asc(workspaceInvitations.createdAt), asc(workspaceInvitations.id));
  return rows.map(toInvitation).reverse();
}

export async function invite(context: InvitationContext, input: InvitationInput): Promise<InvitationSent> {
  const { db, scope, userId } = context;
  requireAdmin(scope);
  await refuseBeyondHourlyLimit(db, scope.id);
  const [member] = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, scope.id), sql`lower(${users.email}) = ${input.email}`));
  if (member) throw new AppError(409, workspaceMessages.alreadyMember, { email: workspaceMessages.alreadyMember });
  const now = new Date();
  // An expired invitation to the address gives way to the new one; one still valid is resent instead.
  await db
    .update(workspaceInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(workspaceInvitations.workspaceId, scope.id),
        sql`lower(${workspaceInvitations.email}) = ${input.email}`,
        pending,
        sql`${workspaceInvitations.expiresAt} <= ${now}`,
      ),
    );
  const token = randomBytes(32).toString('base64url');
  const inserted = await db
    .insert(workspaceInvitations)
    .values({
      workspaceId: scope.id,
      email: input.email,
      role: input.role,
      tokenHash: hashOf(token),
      invitedBy: userId,
      createdAt: now,
      expiresAt: expiryFrom(now),
    })
    .onConflictDoNothing()
    .returning({ id: workspaceInvitations.id });
  if (!inserted.length) {
    throw new AppError(409, workspaceMessages.alreadyInvited, { email: workspaceMessages.alreadyInvited });
  }
  return deliver(context, inserted[0]!.id, token);
}

/** A new link for a pending invitation, valid for another INVITATION_DAYS; the old link stops working. */
export async function resendInvitation(context: InvitationContext, id: string): Promise<InvitationSent> {
  const { db, scope } = context;
  requireAdmin(scope);
  await refuseBeyondHourlyLimit(db, scope.id);
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const rows = await db
    .update(workspaceInvitations)
    .set({ tokenHash: hashOf(token), createdAt: now, expiresAt: expiryFrom(now) })
    .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.workspaceId, scope.id), pending))
    .returning({ id: workspaceInvitations.id });
  if (!rows.length) throw notFound();
  return deliver(context, id, token);
}

export async function revokeInvitation(db: Db, scope: WorkspaceScope, id: string): Promise<void> {
  requireAdmin(scope);
  const rows = await db
    .update(workspaceInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.workspaceId, scope.id), pending))
    .returning({ id: workspaceInvitations.id });
  if (!rows.length) throw notFound();
}

/** Mails the link when the server sends mail; otherwise hands it back, once, for the Admin to send. */
async function deliver(context: InvitationContext, id: string, token: string): Promise<InvitationSent> {
  const [row] = await context.db
    .select(invitationColumns)
    .from(workspaceInvitations)
    .where(eq(workspaceInvitations.id, id));
  const invitation = toInvitation(row!);
  const link = `${context.publicUrl}/invite/${token}`;
  if (!context.mail) return { invitation, mailed: false, link };
  await context.mail.send(
    invitationMail(invitation.email, {
      workspaceName: context.scope.name,
      invitedBy: invitation.invitedBy,
      role: invitation.role,
      link,
    }),
  );
  return { invitation, mailed: true, link: null };
}

async function refuseBeyondHourlyLimit(db: Db, workspaceId: string): Promise<void> {
  const [recent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        gt(workspaceInvitations.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  if ((recent?.count ?? 0) >= INVITATIONS_PER_HOUR) throw new AppError(429, workspaceMessages.tooManyInvitations);
}

/** The invitation of a link, locked when `forUpdate`; a link that joins nothing is a 404 that says why. */
async function usableInvitation(db: Db | Tx, token: string, forUpdate = false) {
  const query = db
    .select({
      ...invitationColumns,
      workspaceId: workspaceInvitations.workspaceId,
      workspaceName: workspaces.name,
      acceptedAt: workspaceInvitations.acceptedAt,
      revokedAt: workspaceInvitations.revokedAt,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .where(eq(workspaceInvitations.tokenHash, hashOf(token)));
  const [row] = forUpdate ? await query.for('update', { of: workspaceInvitations }) : await query;
  if (!row) throw new AppError(404, workspaceMessages.invitationUnknown);
  if (row.acceptedAt) throw new AppError(404, workspaceMessages.invitationUsed);
  if (row.revokedAt) throw new AppError(404, workspaceMessages.invitationRevoked);
  if (row.expiresAt <= new Date()) throw new AppError(404, workspaceMessages.invitationExpired);
  return row;
}

export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const row = await usableInvitation(db, token);
  return {
    workspaceName: row.workspaceName,
    invitedBy: row.invitedBy,
    email: row.email,
    role: row.role as AssignableRole,
  };
}

/** Joins the invited workspace as the signed-in user, whose address must be the invited one; it becomes current. */
export async function acceptInvitation(db: Db, user: { id: string; email: string }, token: string): Promise<Workspace> {
  return db.transaction(async (tx) => {
    const row = await usableInvitation(tx, token, true);
    if (row.email.toLowerCase() !== user.email.toLowerCase())
      throw new AppError(403, workspaceMessages.invitationOtherEmail);
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId: row.workspaceId, userId: user.id, role: row.role })
      .onConflictDoNothing();
    await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: user.id })
      .where(eq(workspaceInvitations.id, row.id));
    await tx.update(users).set({ currentWorkspaceId: row.workspaceId }).where(eq(users.id, user.id));
    const [membership] = await tx
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, row.workspaceId), eq(workspaceMembers.userId, user.id)));
    return { id: row.workspaceId, name: row.workspaceName, role: membership!.role as Workspace['role'], current: true };
  });
}
