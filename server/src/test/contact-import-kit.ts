import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  contactMessages,
  type ContactImport,
  type ContactImportMapping,
  type ContactImportResult,
} from '@common/contacts';
import { contactImports, contacts } from '../db/schema';
import { workImportSlice } from '../modules/contacts/import-job';
import type { TestApp, UserClient } from './test-app';

// Helpers of the contact import's tests (modules/contacts/csv-import.test.ts, csv-import-refusals.test.ts): a CSV
// file and its mapping sent as the import form sends them, the import's job worked to its end, and the contacts it
// leaves.

/**
 * Works every import still running to its end, as the queue's worker would (import-job.ts), but here and now, so a
 * test reads the outcome without waiting for the queue's polling. The queue's own path: import-job.test.ts.
 */
export async function finishImports(app: FastifyInstance): Promise<void> {
  const running = await app.db
    .select({ id: contactImports.id })
    .from(contactImports)
    .where(eq(contactImports.state, 'importing'));
  for (const { id } of running) {
    while ((await workImportSlice(app.db, null, app.config.dataDir, id, Infinity)) === 'more');
  }
}

export const standard: ContactImportMapping = { name: 0, email: 1, phone: 2, company: 3 };

export interface Part {
  name: string;
  bytes: string | Buffer;
  filename?: string;
}

/** A multipart/form-data body of these parts, a file part typed text/csv. */
export function multipart(parts: Part[]) {
  const boundary = `----pipewise${Math.random().toString(36).slice(2)}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename === undefined ? '' : `; filename="${part.filename}"\r\nContent-Type: text/csv`) +
        '\r\n\r\n',
    ),
    Buffer.isBuffer(part.bytes) ? part.bytes : Buffer.from(part.bytes),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The import requests of a test file, to the app `app()` gives once it is built. */
export function importApi(app: () => TestApp) {
  function send(user: UserClient | null, parts: Part[]) {
    const { payload, contentType } = multipart(parts);
    return app().app.inject({
      method: 'POST',
      url: '/api/contacts/import',
      payload,
      headers: { 'content-type': contentType, ...(user ? { cookie: user.cookie } : {}) },
    });
  }

  const importFile = (
    user: UserClient,
    file: string | Buffer,
    { mapping = standard, duplicates = 'skip' }: { mapping?: unknown; duplicates?: string } = {},
  ) =>
    send(user, [
      { name: 'mapping', bytes: JSON.stringify(mapping) },
      { name: 'duplicates', bytes: duplicates },
      { name: 'file', filename: 'contacts.csv', bytes: file },
    ]);

  /** The import's outcome once its job is done, with the counts and listed rows the form shows. */
  async function imported(
    user: UserClient,
    file: string | Buffer,
    options?: Parameters<typeof importFile>[2],
  ): Promise<ContactImportResult> {
    const res = await importFile(user, file, options);
    expect(res.statusCode, res.body).toBe(202);
    await finishImports(app().app);
    const done = (await user.get(`/api/contacts/imports/${res.json<ContactImport>().id}`)).json<ContactImport>();
    expect(done.state).toBe('done');
    const { imported, updated, skipped, invalid, duplicates } = done;
    return { imported, updated, skipped, invalid, duplicates };
  }

  const db = () => app().database.db;
  const stored = (user: UserClient) =>
    db()
      .select({ name: contacts.name, email: contacts.email, phone: contacts.phone, company: contacts.company })
      .from(contacts)
      .where(eq(contacts.userId, user.id))
      .orderBy(asc(contacts.name));

  return { send, importFile, imported, stored };
}

/** Refused with the field's message: 413 for a file too large, else 400. */
export function expectRefused(res: { statusCode: number; json: () => unknown }, field: string, message: string) {
  expect(res.statusCode).toBe(message === contactMessages.importTooLarge ? 413 : 400);
  expect(res.json()).toEqual({ error: message, fields: { [field]: message } });
}
