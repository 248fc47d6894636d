// The embedded database's own thread (pglite-thread.ts starts it): PGlite runs each query to its end on the thread
// that calls it, so on the server's thread every query stopped HTTP parsing, session checks and JSON writing for its
// whole length. Here it runs beside them, and the server's thread only posts a query and reads its answer.
// Plain JavaScript: a worker thread loads its file with Node's own loader, whether the server runs bundled, under
// tsx or in a test.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The types Drizzle reads as text and converts itself: its own per-query parsers (drizzle-orm/pglite). */
const asText = (value) => value;
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const drizzleParsers = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, asText]));

/**
 * PGlite set up as Drizzle reads it. Drizzle passes its parsers with every query, and PGlite then copies its whole
 * table of 300-odd parsers for that query (measured, a third of the time of `select 1`): they are set once on the
 * client instead, for the same values, and a query's own parsers are never sent here.
 */
class DrizzlePglite extends PGlite {
  /** PGlite sets the array types' parsers once it has read them from the database: Drizzle's win. */
  async _initArrayTypes(options) {
    await super._initArrayTypes(options);
    Object.assign(this.parsers, drizzleParsers);
  }
}

const { dataDir, snapshot } = workerData;
const db = new DrizzlePglite({
  dataDir: dataDir ?? undefined,
  loadDataDir: snapshot ? new Blob([snapshot]) : undefined,
  parsers: drizzleParsers,
  // The contrib extensions the migrations create: trigram search (contacts) and the bookings' overlap constraint.
  extensions: { pg_trgm, btree_gist },
});

/** Open transactions by the id of the message that began them: each waits for its `end` message. */
const transactions = new Map();

/** What a rolled-back transaction's callback throws, so PGlite rolls it back; not an error of its own. */
const ROLLBACK = new Error('rolled back');

/** Opens a transaction that stays open, holding the database as PGlite's own does, until its `end` message. */
function begin(id) {
  return new Promise((begun, failed) => {
    const open = {};
    const ending = new Promise((resolve, reject) => (open.end = { resolve, reject }));
    open.finished = db.transaction(async (tx) => {
      open.tx = tx;
      transactions.set(id, open);
      begun(null);
      await ending;
    });
    // Fails `begin` when the transaction could not start; once begun, `end` hears how it finished.
    open.finished.catch(failed);
  });
}

async function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error('no such transaction');
  transactions.delete(id);
  if (commit) open.end.resolve();
  else open.end.reject(ROLLBACK);
  await open.finished.catch((error) => {
    if (error !== ROLLBACK) throw error;
  });
}

const on = (tx) => (tx === undefined ? db : transactions.get(tx).tx);

/**
 * A statement as a member (`settings`, member-scope.ts): in a transaction of its own with the settings first, all of
 * it here. A transaction held open by the server's thread would wait on that thread between its statements.
 */
const asMember = (settings, run) =>
  db.transaction(async (tx) => {
    await tx.exec(settings);
    return run(tx);
  });

const handlers = {
  query: ({ text, params, rowMode, tx, settings }) =>
    settings
      ? asMember(settings, (member) => member.query(text, params, { rowMode }))
      : on(tx).query(text, params, { rowMode }),
  exec: ({ text, tx, settings }) => (settings ? asMember(settings, (member) => member.exec(text)) : on(tx).exec(text)),
  begin: ({ id }) => begin(id),
  end: ({ tx, commit }) => end(tx, commit),
  dump: async () => (await db.dumpDataDir('none')).arrayBuffer(),
  close: () => db.close(),
};

/** A database error as plain fields (its SQLSTATE `code`, `constraint`, `detail`…), rebuilt on the other side. */
const errorFields = (error) => ({ ...error, name: error?.name, message: String(error?.message ?? error) });

parentPort.on('message', (message) => {
  Promise.resolve(message)
    .then(handlers[message.op])
    .then(
      (result) => parentPort.postMessage({ id: message.id, result }),
      (error) => parentPort.postMessage({ id: message.id, error: errorFields(error) }),
    );
});

db.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ ready: false, error: errorFields(error) }),
);
