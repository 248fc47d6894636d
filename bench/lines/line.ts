// What every area's bench lines are made of: a request to measure, beside the SQL its cheapest server would run.
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/src/db/client';
import * as schema from '../../server/src/db/schema';
import type { HttpTarget } from '../load';
import type { SeedSize } from '../seed';
import type { ChatbotFixture } from './chatbots';

/** Each measured request, with the SQL that the cheapest server of it would run (the driver floor). */
export interface Line {
  name: string;
  target: HttpTarget;
  floorSql: string;
  /** A function for writes whose rows must differ each time. */
  floorParams: unknown[] | (() => unknown[]);
  /** What else the cheapest server waits for, after the SQL (an AI turn: the provider's answer). */
  floorAlso?: () => Promise<void>;
}

/** The seeded data the lines name, and what the floors of the chat lines take their conversations from. */
export interface Fixture {
  userId: string;
  pipelineId: string;
  formIds: string[];
  fieldIds: string[][];
  firstFreeDay: number;
  spareBookingPages: string[];
  deep: { name: string; id: string };
  deepPosition: number;
  chatbots: ChatbotFixture;
  chatFloors: { ask: () => unknown[]; ai: () => unknown[] };
}

/** What an area's lines are made from: the data, its size, the signed-in session's headers, the cursor key. */
export interface LineContext {
  f: Fixture;
  size: SeedSize;
  headers: { cookie: string };
  /** The same user's API key (contacts, read). */
  apiKey: string;
  secretKey: string;
}

const dialect = new PgDialect();
export const floorOf = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { floorSql: text, floorParams: params };
};

export { jsonRows } from '../../server/src/db/select-rows';

/** Drizzle's query builders without a connection: the services' builders give the SQL of a floor. */
export const builder = drizzle.mock({ schema }) as unknown as Db;
export const builtFloor = (query: { toSQL(): { sql: string; params: unknown[] } }) => {
  const { sql: text, params } = query.toSQL();
  return { floorSql: text, floorParams: params };
};

/**
 * The rate-limit counters a public write counts in the database (per address, and per form or bot), as a CTE of its
 * floor: the server shares them with its other processes, so its cheapest form counts them too. The keys are the
 * floor's own, one per limit, as every bench request comes from one address.
 */
export const attemptCounters = (...keys: string[]) => `attempts as (
    insert into rate_limits (key) values ${keys.map((key) => `('bench-floor:${key}')`).join(', ')}
    on conflict (key) do update set
      count = case when rate_limits.window_start + interval '1 minute' <= now() then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start + interval '1 minute' <= now() then now()
        else rate_limits.window_start end
    returning count
  )`;

export const count = (value: number) => Math.round(value).toLocaleString('en-US');

/** A selective term: a contact's name (Barbara Thompson 4242) and the descriptions of its two tasks contain it. */
export const SEARCH_TERM = 'Thompson 4242';

const DAY = 86_400_000;
export const MINUTE = 60_000;
/** Today's (plus `days`) midnight in UTC, as milliseconds. */
export const utcMidnight = (days: number) => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY;
};
