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
import { boundedMatches } from '../../db/bounded-matches';
import { countUpTo, keysetPage } from '../../db/keyset';
import { isoFromDriver } from '../../db/iso-timestamp';
import { selectRows } from '../../db/select-rows';
import { contacts } from '../../db/schema';
import { notFound } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';
import { emitEvent } from '../webhooks/emit';
import { chosenOwner } from '../workspaces/assignee';
import {
  contactColumns,
  contactRecordColumns,
  toContact,
  toContactListItem,
  type ContactRow,
  type ContactValues,
} from './columns';
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
  const rows = query.q
    ? (await selectRows<SearchRow>(db, searchContactsSql(member, { ...query, q: query.q }))).map(fromSearchRow)
    : await listContactsQuery(db, member, query);
  return keysetPage(rows, query.limit, (row) => [sortValueOf(row, query.sort), row.id], toContactListItem);
}

/** The list's query without a search (the plan tests explain it). */
export function listContactsQuery(db: Db, member: Member, { limit, after, sort, dir }: Omit<ListQuery, 'q'>) {
  const order = contactOrder(sort, dir);
  return db
    .select(contactColumns)
    .from(contacts)
    .where(and(visibleTo(contacts, member), order.after(after)))
    .orderBy(...order.by)
    .limit(limit + 1);
}

/** The list's columns, unqualified: the search's CTE and its union name them so. */
const searchColumns = sql.raw('id, name, email, phone, company, created_at');
const unqualified = {
  id: sql.raw('id'),
  name: sql.raw('name'),
  email: sql.raw('email'),
  phone: sql.raw('phone'),
  company: sql.raw('company'),
};

interface SearchRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  created_at: string | Date;
}

const fromSearchRow = ({ created_at: createdAt, ...row }: SearchRow): ContactRow => ({
  ...row,
  createdAt: typeof createdAt === 'string' ? isoFromDriver(createdAt) : createdAt.toISOString(),
});

/**
 * A search of the list (the plan tests explain it): its matches read through the trigram index and sorted, or for a
 * common term the order's index walked, whichever the term needs (`boundedMatches`). Written as SQL rather than with
 * Drizzle's builder: its subquery proxies cost more than the query.
 */
export function searchContactsSql(member: Member, { limit, after, sort, dir, q }: ListQuery & { q: string }) {
  const byName = sql.join(contactOrder(sort, dir, unqualified).by, sql`, `);
  const { cte, page } = boundedMatches({
    name: 'found',
    select: searchColumns,
    names: searchColumns,
    from: sql`${contacts}`,
    where: and(visibleTo(contacts, member), contactOrder(sort, dir).after(after), containing(q))!,
    order: sql.join(contactOrder(sort, dir).by, sql`, `),
    namesOrder: byName,
    limit: limit + 1,
  });
  return sql`with ${cte} select ${searchColumns} from (${page}) page order by ${byName}`;
}

/**
 * The text the search box matches, written exactly as contacts_search_trgm_idx is, so the index answers it.
 */
export const contactSearchText = sql`(coalesce(${contacts.name}, '') || ' ' || coalesce(${contacts.email}, '') || ' ' || coalesce(${contacts.company}, '') || ' ' || coalesce(${contacts.phone}, ''))`;

/** A case-insensitive contains-match over name, e-mail, company and phone; LIKE's wildcards in `q` match themselves. */
function containing(q: string) {
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
