import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The name of the user whose id `userId` holds, as the people list gives it (the profile's name, else the address's
 * part before the @): one primary-key lookup, for a record's owner in a select list.
 */
export const personNameOf = (userId: AnyPgColumn | SQL): SQL<string> =>
  sql<string>`(select coalesce(nullif(btrim(u.name), ''), split_part(u.email, '@', 1)) from users u where u.id = ${userId})`;
