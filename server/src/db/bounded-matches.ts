import { sql, type SQL } from 'drizzle-orm';

/** How many of a search's matches are read through its trigram index before the order's index is walked instead. */
export const SEARCH_MATCHES_READ = 1_000;

export interface BoundedMatches {
  /** The CTE's name, unique in its statement. */
  name: string;
  /** The select list of the rows read from `from`; the CTE's columns are its output names, `names`. */
  select: SQL;
  names: SQL;
  from: SQL;
  /** The rows the member sees that match the term (and follow a cursor). */
  where: SQL;
  /** The page's order over `from`, and over the CTE's `names`. */
  order: SQL;
  namesOrder: SQL;
  limit: number;
}

/**
 * A page of a search's matches in an order, as two reads of one statement of which one runs. Up to
 * SEARCH_MATCHES_READ + 1 matches are read with no order asked, which the planner answers through the trigram
 * index whatever its estimate (a walk would have to find them all), and sorted when that was all of them;
 * otherwise the term is common and the order's index is walked until a page matches. Left to choose between the
 * two itself by its sample of the text, the planner walked a whole workspace for a term with a few dozen matches
 * whenever the sample held one (docs/performance.md finding 32). `cte` goes into the statement's WITH; `page` is a
 * query of `names`, in no order of its own.
 */
export function boundedMatches({ name, select, names, from, where, order, namesOrder, limit }: BoundedMatches) {
  const found = sql.identifier(name);
  const allFound = sql`(select count(*) from ${found}) <= ${SEARCH_MATCHES_READ}`;
  return {
    cte: sql`${found} as (select ${select} from ${from} where ${where} limit ${SEARCH_MATCHES_READ + 1})`,
    page: sql`(select ${names} from ${found} where ${allFound} order by ${namesOrder} limit ${limit})
      union all
      (select ${select} from ${from} where ${where} and not ${allFound} order by ${order} limit ${limit})`,
  };
}
