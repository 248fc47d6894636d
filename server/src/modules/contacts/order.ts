import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import type { ContactSort, SortDirection } from '@common/contacts';
import { contacts } from '../../db/schema';
import type { CursorKey } from '../../http/cursor';
import type { ContactRow } from './columns';

/** Where the sort's columns are read: the contacts table, or a search's matches by their bare names (service.ts). */
export type ContactOrderSource = Record<'id' | 'name' | 'email' | 'phone' | 'company', SQLWrapper>;

export interface ContactOrder {
  /** ORDER BY terms, the key of the sort's index after user_id. */
  by: SQL[];
  /** The rows after a cursor's position in this order (before it, read the other way, for desc). */
  after(cursor: CursorKey | null): SQL | undefined;
}

/**
 * The list's order and keyset comparison, each written as its index is so the planner reads it in order:
 * name by (name, id) on contacts_workspace_name_idx; a column that may be empty by (column is null, column or '', id)
 * on contacts_workspace_<column>_sort_idx, which puts empty values last ascending and first descending. Descending
 * reads the same index backward. "Or ''" is a CASE, as in the index (schema/contacts.ts: row-level security). A cursor holds the sort value (null for empty) and the id.
 */
export function contactOrder(
  sort: ContactSort,
  dir: SortDirection,
  source: ContactOrderSource = contacts,
): ContactOrder {
  const key: SQL[] =
    sort === 'name'
      ? [sql`${source.name}`, sql`${source.id}`]
      : [
          sql`(${source[sort]} is null)`,
          sql`(case when ${source[sort]} is null then '' else ${source[sort]} end)`,
          sql`${source.id}`,
        ];
  const by = key.map((part) => (dir === 'asc' ? asc(part) : desc(part)));
  const op = sql.raw(dir === 'asc' ? '>' : '<');
  return {
    by,
    after(cursor) {
      if (!cursor) return undefined;
      const [value, id] = cursor;
      const position =
        sort === 'name'
          ? [sql`${String(value ?? '')}`, sql`${id}::uuid`]
          : [sql.raw(value === null ? 'true' : 'false'), sql`${String(value ?? '')}`, sql`${id}::uuid`];
      return sql`(${sql.join(key, sql`, `)}) ${op} (${sql.join(position, sql`, `)})`;
    },
  };
}

/** The cursor list of a sort and direction: a cursor of another one is refused (400). */
export const contactListName = (sort: ContactSort, dir: SortDirection) => `contacts:${sort}:${dir}`;

/** The sort value a cursor keeps for a row: null stands for an empty value. */
export function sortValueOf(row: ContactRow, sort: ContactSort): string | null {
  return sort === 'name' ? row.name : row[sort];
}
