import { PGlite, types, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The types Drizzle reads as text and converts itself: its own per-query parsers (drizzle-orm/pglite). */
const asText = (value: string) => value;
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
export const drizzleParsers = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, asText]));

const withoutParsers = (options?: QueryOptions): QueryOptions | undefined =>
  options?.parsers ? { ...options, parsers: undefined } : options;

/**
 * PGlite for Drizzle. Drizzle passes its parsers with every query, and PGlite then copies its whole
 * table of 300-odd parsers for that query: measured, a third of the time of `select 1`. Set once on the
 * client instead, they give the same values for no copy.
 */
export class DrizzlePglite extends PGlite {
  constructor(dataDir?: string, loadDataDir?: Blob) {
    // The contrib extensions the migrations create: trigram search (contacts) and the bookings' overlap constraint.
    super({ dataDir, loadDataDir, parsers: drizzleParsers, extensions: { pg_trgm, btree_gist } });
  }

  /** PGlite sets the array types' parsers once it has read them from the database: Drizzle's win. */
  override async _initArrayTypes(options?: { force?: boolean }): Promise<void> {
    await super._initArrayTypes(options);
    Object.assign(this.parsers, drizzleParsers);
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return super.query<T>(query, params, withoutParsers(options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const query = <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        tx.query<R>(text, params, withoutParsers(options));
      return callback(Object.assign(Object.create(tx) as Transaction, { query }));
    });
  }
}
