import { and, asc, count, eq } from 'drizzle-orm';
import type { Contact, ContactInput } from '@common/contacts';
import type { PageQuery } from '@common/http';
import type { Db } from '../../db/client';
import { contacts } from '../../db/schema';
import { notFound } from '../../errors';

type ContactValues = { name: string; email: string | null; phone: string | null; company: string | null };

export async function listContacts(db: Db, userId: string, page: PageQuery) {
  const mine = eq(contacts.userId, userId);
  const [rows, [totals]] = await Promise.all([
    db.select().from(contacts).where(mine).orderBy(asc(contacts.name), asc(contacts.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(contacts).where(mine),
  ]);
  return { items: rows.map(toContact), total: totals?.total ?? 0 };
}

export async function getContact(db: Db, userId: string, id: string): Promise<Contact> {
  const [row] = await db.select().from(contacts).where(and(eq(contacts.id, id), eq(contacts.userId, userId)));
  if (!row) throw notFound();
  return toContact(row);
}

export async function createContact(db: Db, userId: string, input: ContactValues): Promise<Contact> {
  const [row] = await db.insert(contacts).values({ ...input, userId }).returning();
  return toContact(row!);
}

export async function updateContact(db: Db, userId: string, id: string, input: ContactValues): Promise<Contact> {
  const [row] = await db
    .update(contacts)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return toContact(row);
}

export async function deleteContact(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db.delete(contacts).where(and(eq(contacts.id, id), eq(contacts.userId, userId))).returning({ id: contacts.id });
  if (!rows.length) throw notFound();
}

function toContact(row: typeof contacts.$inferSelect): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    createdAt: row.createdAt.toISOString(),
  };
}
