import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { inProject } from '../project-root';

/** What Drizzle, pg-boss and `asMember` call on PGlite or on one of its transactions. */
export interface PgliteQueries {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

/** A database error from the thread: an Error with the fields PGlite gave it (`code`, `constraint`, `detail`…). */
type ErrorFields = Record<string, unknown> & { message: string; name?: string };

type Answer = { id: number; result?: unknown; error?: ErrorFields };

const rebuilt = (fields: ErrorFields): Error => Object.assign(new Error(fields.message), fields);

/**
 * The embedded database on its own thread (pglite-worker.mjs), with the part of PGlite's interface the server uses:
 * queries, scripts and transactions, for Drizzle as its client. While a query runs there, this thread goes on with
 * other requests' HTTP and JSON. A transaction holds the database until it ends, as PGlite's own does: other
 * queries wait for it.
 */
export class PgliteThread implements PgliteQueries {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 1;
  private failure: Error | undefined;

  /** `dataDir` null: in memory, starting from `snapshot` (a `dumpDataDir` archive) when given. */
  constructor(dataDir: string | null, snapshot?: ArrayBuffer) {
    this.worker = new Worker(inProject('server', 'src', 'db', 'pglite-worker.mjs'), {
      workerData: { dataDir, snapshot },
      transferList: snapshot ? [snapshot] : [],
    });
    this.waitReady = new Promise((resolve, reject) => {
      this.worker.once('message', (message: { ready: boolean; error?: ErrorFields }) => {
        // Idle, the thread keeps no process alive; a query waited for does (`call`).
        this.worker.unref();
        if (message.ready) resolve();
        else reject(rebuilt(message.error!));
        this.worker.on('message', (answer: Answer) => this.settle(answer));
      });
      this.worker.once('error', reject);
    });
    // A thread that ended (out of memory, a fault of the database's own) fails what waits and what comes.
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the embedded database's thread ended (code ${code})`)));
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.call({ op: 'query', text, params, rowMode: options?.rowMode }) as Promise<Results<T>>;
  }

  exec(text: string): Promise<Results[]> {
    return this.call({ op: 'exec', text }) as Promise<Results[]>;
  }

  /**
   * Queries each run as a member: in a transaction of its own on the database's thread, after `settings` (the
   * member's role and ids, member-scope.ts). Nothing is held between two of them.
   */
  asMember(settings: string): PgliteQueries {
    return {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        this.call({ op: 'query', text, params, rowMode: options?.rowMode, settings }) as Promise<Results<R>>,
      exec: (text) => this.call({ op: 'exec', text, settings }) as Promise<Results[]>,
    };
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: PgliteQueries) => Promise<T>): Promise<T> {
    const tx = (await this.call({ op: 'begin' }, true)) as number;
    const queries: PgliteQueries = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        this.call({ op: 'query', text, params, rowMode: options?.rowMode, tx }) as Promise<Results<R>>,
      exec: (text) => this.call({ op: 'exec', text, tx }) as Promise<Results[]>,
    };
    let result: T;
    try {
      result = await work(queries);
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false });
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  /** The database as an archive that `new PgliteThread(null, archive)` starts from. */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.call({ op: 'dump' })) as ArrayBuffer]);
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call({ op: 'close' });
    await this.worker.terminate();
  }

  /** Posts one message; `begin` answers with its own id, the transaction's. */
  private call(message: Record<string, unknown>, answerId = false): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: answerId ? () => resolve(id) : resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private settle({ id, result, error }: Answer): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
    if (error) waiting.reject(rebuilt(error));
    else waiting.resolve(result);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
  }
}
