import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { Contact } from '@common/contacts';
import type { Count } from '@common/http';
import type { Db } from '../../db/client';
import { afterKey, countUpTo, keysetPage } from '../../db/keyset';
import { contacts } from '../../db/schema';
import { notFound } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';

type ContactValues = { name: string; email: string | null; phone: string | null; company: string | null };

/** The columns a Contact is made of: a page reads no more (each column is parsed, 51 times a page). */
const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  company: contacts.company,
  createdAt: contacts.createdAt,
};
type ContactRow = { [K in keyof typeof contactColumns]: (typeof contacts.$inferSelect)[K] };

export interface ListQuery {
  limit: number;
  after: CursorKey | null;
  /** Only contacts whose name, email or company contains this, whatever the case. */
  q?: string | undefined;
}

/** A page of the user's contacts by name (then id), after a position; the index contacts_user_name_idx answers it. */
export async function listContacts(
  db: Db,
  userId: string,
  { limit, after, q }: ListQuery,
): Promise<KeysetPage<Contact>> {
  const rows = await db
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.userId, userId), afterKey(contacts.name, contacts.id, after), containing(q)))
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(limit + 1);
  return keysetPage(rows, limit, (row) => [row.name, row.id], toContact);
}

/**
 * The deal form's contact picker: a case-insensitive contains-match, filtered while walking the name index
 * (a page stops at `limit` matches; a term that matches nothing reads all the user's contacts).
 * LIKE's wildcards in `q` match themselves.
 */
function containing(q: string | undefined) {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(contacts.name, pattern), ilike(contacts.email, pattern), ilike(contacts.company, pattern));
}

export function countContacts(db: Db, userId: string): Promise<Count> {
  return countUpTo(db, contacts, eq(contacts.userId, userId));
}

export async function getContact(db: Db, userId: string, id: string): Promise<Contact> {
  const [row] = await db
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId)));
  if (!row) throw notFound();
  return toContact(row);
}

export async function createContact(db: Db, userId: string, input: ContactValues): Promise<Contact> {
  const [row] = await db
    .insert(contacts)
    .values({ ...input, userId })
    .returning(contactColumns);
  return toContact(row!);
}

export async function updateContact(db: Db, userId: string, id: string, input: ContactValues): Promise<Contact> {
  const [row] = await db
    .update(contacts)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId)))
    .returning(contactColumns);
  if (!row) throw notFound();
  return toContact(row);
}

export async function deleteContact(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId)))
    .returning({ id: contacts.id });
  if (!rows.length) throw notFound();
}

function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    createdAt: row.createdAt.toISOString(),
  };
}
