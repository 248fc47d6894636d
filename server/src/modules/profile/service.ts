import { eq } from 'drizzle-orm';
import type { User } from '@common/auth';
import type { ProfileInput } from '@common/profile';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { SessionUser } from '../../auth/session-check';
import { authMessages } from '@common/auth-messages';
import { AppError } from '../../errors';

type UserRow = typeof users.$inferSelect;

const toUser = (row: UserRow): User => ({ id: row.id, email: row.email, name: row.name, avatarUrl: row.avatarUrl });

/** A new account's profile row, made at sign-up (auth/service.ts). */
export async function createProfile(db: Db, values: Pick<UserRow, 'id' | 'email' | 'name'>): Promise<User> {
  const [row] = await db.insert(users).values(values).returning();
  return toUser(row!);
}

/** The profile row of a signed-in user, created when missing (part 1 §4). */
export async function ensureProfile(db: Db, sessionUser: SessionUser): Promise<User> {
  if (sessionUser.profile) return sessionUser.profile;
  const [existing] = await db.select().from(users).where(eq(users.id, sessionUser.id));
  if (existing) return toUser(existing);
  const created = await db
    .insert(users)
    .values({ id: sessionUser.id, email: sessionUser.email, name: null })
    .onConflictDoNothing()
    .returning()
    .catch(() => []);
  // A concurrent request may have created it; anything else (the address taken by another profile) is a failure.
  const [row] = created.length ? created : await db.select().from(users).where(eq(users.id, sessionUser.id));
  if (!row) throw new AppError(500, authMessages.profileCreateFailed);
  return toUser(row);
}

/** Updates the user's own profile row (made first when missing, as sign-in would). */
async function updateProfile(db: Db, sessionUser: SessionUser, set: Partial<Pick<UserRow, 'name' | 'avatarUrl'>>) {
  await ensureProfile(db, sessionUser);
  const [row] = await db.update(users).set(set).where(eq(users.id, sessionUser.id)).returning();
  if (!row) throw new AppError(404, 'Not found');
  return toUser(row);
}

/** Part 1 §7: update name by id. */
export const updateName = (db: Db, sessionUser: SessionUser, input: ProfileInput) =>
  updateProfile(db, sessionUser, { name: input.name });

/** Part 1 §7: update avatar_url by id; null removes the picture. */
export const updateAvatarUrl = (db: Db, sessionUser: SessionUser, avatarUrl: string | null) =>
  updateProfile(db, sessionUser, { avatarUrl });

/** The stored avatar URL of a user, or null when they have none (or do not exist). */
export async function storedAvatarUrl(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId));
  return row?.avatarUrl ?? null;
}
