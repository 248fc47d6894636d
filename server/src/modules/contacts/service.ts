import { and, eq, sql } from 'drizzle-orm';
import {
  contactMessages,
  type Contact,
  type ContactListItem,
  type ContactSort,
  type SortDirection,
} from '@common/contacts';
import type { Count } from '@common/http';
import type { Db } from '../../db/client';
import { inWorkspaceOf, ownedBy, visibleTo, type Member } from '../../db/member-scope';
import { countUpTo, keysetPage } from '../../db/keyset';
import { contacts } from '../../db/schema';
import { notFound } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';
import { emitEvent } from '../webhooks/emit';
import { chosenOwner } from '../workspaces/assignee';
import { contactColumns, contactRecordColumns, toContact, toContactListItem, type ContactValues } from './columns';
import { contactOrder, sortValueOf } from './order';

export interface ListQuery {
  limit: number;
  after: CursorKey | null;
  sort: ContactSort;
  dir: SortDirection;
  /** Only contacts whose name, e-mail, company or phone contains this, whatever the case. */
  q?: string | undefined;
}

/** A page of the contacts the member sees, in the list's order, after a position; see `contactOrder` for the index behind each sort. */
export async function listContacts(db: Db, member: Member, query: ListQuery): Promise<KeysetPage<ContactListItem>> {
  const rows = await listContactsQuery(db, member, query);
  return keysetPage(rows, query.limit, (row) => [sortValueOf(row, query.sort), row.id], toContactListItem);
}

/** The list's query itself (the plan tests explain it). */
export function listContactsQuery(db: Db, member: Member, { limit, after, sort, dir, q }: ListQuery) {
  const order = contactOrder(sort, dir);
  return db
    .select(contactColumns)
    .from(contacts)
    .where(and(visibleTo(contacts, member), order.after(after), containing(q)))
    .orderBy(...order.by)
    .limit(limit + 1);
}

/**
 * The text the search box matches, written exactly as contacts_search_trgm_idx is, so a selective term is
 * answered by the trigram index; a term too short or too common walks the sort's index instead, filtering.
 */
export const contactSearchText = sql`(coalesce(${contacts.name}, '') || ' ' || coalesce(${contacts.email}, '') || ' ' || coalesce(${contacts.company}, '') || ' ' || coalesce(${contacts.phone}, ''))`;

/** A case-insensitive contains-match over name, e-mail, company and phone; LIKE's wildcards in `q` match themselves. */
function containing(q: string | undefined) {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${contactSearchText} ilike ${pattern}`;
}

export function countContacts(db: Db, member: Member): Promise<Count> {
  return countUpTo(db, contacts, visibleTo(contacts, member));
}

export async function getContact(db: Db, member: Member, id: string): Promise<Contact> {
  const [row] = await db
    .select(contactRecordColumns)
    .from(contacts)
    .where(and(eq(contacts.id, id), visibleTo(contacts, member)));
  if (!row) throw notFound();
  return toContact(row);
}

/** A new contact of the workspace, its creator's unless another member is chosen as its owner. */
export async function createContact(db: Db, member: Member, { ownerId, ...values }: ContactValues): Promise<Contact> {
  const insert = async (tx: Db, userId: string) => {
    const [row] = await tx
      .insert(contacts)
      .values({ ...values, ...ownedBy(member), userId })
      .returning(contactRecordColumns);
    return toContact(row!);
  };
  // The member's own contact with no endpoint to tell: one statement, no transaction needed (the common case).
  if ((ownerId === undefined || ownerId === member.userId) && member.webhooks === false) {
    return insert(db, member.userId);
  }
  return db.transaction(async (tx) => {
    const userId = await chosenOwner(tx, member.workspaceId, ownerId, member.userId, contactMessages.ownerNotMember);
    const contact = await insert(tx, userId);
    await emitEvent(tx, member, 'contact.created', contact);
    return contact;
  });
}

/**
 * By any member who sees it. A new owner must be a member of the workspace; the counters follow the owner by their
 * triggers. Handed to another, it may be one the member no longer sees ("own records"): the answer still shows it.
 */
export function updateContact(
  db: Db,
  member: Member,
  id: string,
  { ownerId, ...values }: ContactValues,
): Promise<Contact> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ userId: contacts.userId })
      .from(contacts)
      .where(and(eq(contacts.id, id), visibleTo(contacts, member)))
      .for('no key update');
    if (!current) throw notFound();
    const userId = await chosenOwner(tx, member.workspaceId, ownerId, current.userId, contactMessages.ownerNotMember);
    const [row] = await tx
      .update(contacts)
      .set({ ...values, userId, updatedAt: new Date() })
      .where(and(eq(contacts.id, id), inWorkspaceOf(contacts, member)))
      .returning(contactRecordColumns);
    if (!row) throw notFound();
    const contact = toContact(row);
    await emitEvent(tx, member, 'contact.updated', contact);
    return contact;
  });
}

export async function deleteContact(db: Db, member: Member, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(contacts)
      .where(and(eq(contacts.id, id), visibleTo(contacts, member)))
      .returning(contactRecordColumns);
    if (!row) throw notFound();
    await emitEvent(tx, member, 'contact.deleted', toContact(row));
  });
}
