import { sql, type SQL } from 'drizzle-orm';
import { deals } from '../../db/schema';

/** The stage whose deals count as revenue on the dashboard (part 1 §4). */
export const WON_STAGE = 'Won';

/**
 * deals.won_at for a deal going to `stage`, in every path that sets a stage (create, edit, the board's drag, a stage
 * rename): set to now() when it enters Won, kept while it stays Won, cleared when it leaves. In an UPDATE the
 * row's columns are its values before the change; a new row (`isNew`) has no previous stage.
 */
export function wonAtFor(stage: string, { isNew = false } = {}): SQL {
  if (stage !== WON_STAGE) return sql`null`;
  if (isNew) return sql`now()`;
  return sql`case when ${deals.stage} = ${WON_STAGE} then ${deals.wonAt} else now() end`;
}
