import { searchHitSchema, SEARCH_MAX_LENGTH, type SearchHit } from '@common/search';

/** How many recent searches and recently opened records the menu offers before anything is typed. */
export const RECENT_LIMIT = 5;

export interface Recent {
  queries: string[];
  records: SearchHit[];
}

const none: Recent = { queries: [], records: [] };

/** Per signed-in user: another account on the same browser never sees them. */
export const recentKey = (userId: string) => `pipewise:recent-search:${userId}`;

/** `item` first, an earlier copy of it dropped, at most RECENT_LIMIT kept. */
export function pushRecent<T>(list: readonly T[], item: T, same: (a: T, b: T) => boolean): T[] {
  return [item, ...list.filter((other) => !same(other, item))].slice(0, RECENT_LIMIT);
}

const sameQuery = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const sameRecord = (a: SearchHit, b: SearchHit) => a.kind === b.kind && a.id === b.id;

/** What was stored, checked: a value from an older version or edited by hand reads as nothing. */
export function parseRecent(raw: string | null): Recent {
  if (!raw) return none;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return none;
  }
  if (typeof data !== 'object' || data === null) return none;
  const { queries, records } = data as Record<string, unknown>;
  return {
    queries: Array.isArray(queries)
      ? queries
          .filter((q): q is string => typeof q === 'string' && q.trim().length > 0 && q.length <= SEARCH_MAX_LENGTH)
          .slice(0, RECENT_LIMIT)
      : [],
    records: Array.isArray(records)
      ? records
          .flatMap((record) => {
            const parsed = searchHitSchema.safeParse(record);
            // Only app paths: a stored link is followed by navigate().
            return parsed.success && parsed.data.link.startsWith('/app/') ? [parsed.data] : [];
          })
          .slice(0, RECENT_LIMIT)
      : [],
  };
}

/** The storage the menu uses; private browsing or a full quota only loses the history. */
export interface RecentStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function readRecent(storage: RecentStorage, userId: string): Recent {
  try {
    return parseRecent(storage.getItem(recentKey(userId)));
  } catch {
    return none;
  }
}

function write(storage: RecentStorage, userId: string, recent: Recent) {
  try {
    storage.setItem(recentKey(userId), JSON.stringify(recent));
  } catch {
    // Storage refused (quota, privacy mode): the menu works without history.
  }
}

export function rememberQuery(storage: RecentStorage, userId: string, query: string): Recent {
  const recent = readRecent(storage, userId);
  const q = query.trim();
  if (!q) return recent;
  const next = { ...recent, queries: pushRecent(recent.queries, q, sameQuery) };
  write(storage, userId, next);
  return next;
}

export function rememberRecord(storage: RecentStorage, userId: string, hit: SearchHit): Recent {
  const recent = readRecent(storage, userId);
  const { kind, id, title, subtitle, link } = hit;
  const next = { ...recent, records: pushRecent(recent.records, { kind, id, title, subtitle, link }, sameRecord) };
  write(storage, userId, next);
  return next;
}
