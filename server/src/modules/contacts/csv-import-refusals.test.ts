import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_IMPORT_LISTED_ROWS, CONTACT_IMPORT_MAX_BYTES, contactMessages } from '@common/contacts';
import { expectRefused, importApi, multipart, standard } from '../../test/contact-import-kit';
import { buildTestApp, signUp, type TestApp } from '../../test/test-app';

// POST /api/contacts/import refusing what it cannot take, storing nothing: an unclosed quote, a file too large, binary
// or empty, a bad mapping, an upload that is not one CSV file or comes from another site, no session; and at most
// the cap of bad rows listed. What is imported: csv-import.test.ts.

let t: TestApp;
beforeAll(async () => {
  // An import's file waits in the data folder for its job.
  t = await buildTestApp({}, { jobs: true, files: true });
});
afterAll(() => t.close());
const { send, importFile, imported, stored } = importApi(() => t);

describe('contact import', () => {
  it('stores nothing when a quoted value is never closed, naming the row where it starts', async () => {
    const user = await signUp(t.app, 'rollback');
    await user.post('/api/contacts', { name: 'Before', email: 'before@example.com' });
    const good = Array.from({ length: 600 }, (_, i) => `Person ${i},p${i}@example.com,,`);
    const file = ['Name,Email,Phone,Company', ...good, '"Broken,broken@example.com,,', 'After,after@example.com,,'];
    const res = await importFile(user, file.join('\n'), { duplicates: 'update' });
    expectRefused(res, 'file', contactMessages.importMalformed(602));
    expect(await stored(user)).toEqual([{ name: 'Before', email: 'before@example.com', phone: null, company: null }]);
  });

  it('refuses a file over the size limit, a binary file and an empty one, storing nothing', async () => {
    const user = await signUp(t.app, 'refuse');
    const line = 'Someone,someone@example.com,,\n';
    const huge = Buffer.alloc(CONTACT_IMPORT_MAX_BYTES + 1024, line);
    expectRefused(await importFile(user, huge), 'file', contactMessages.importTooLarge);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    expectRefused(await importFile(user, png), 'file', contactMessages.importNotCsv);
    const latin1 = Buffer.from('Name\nZo\xeb\n', 'latin1');
    expectRefused(await importFile(user, latin1), 'file', contactMessages.importNotCsv);
    expectRefused(await importFile(user, ',,,\nAnn,,,\n'), 'file', contactMessages.importNotCsv);
    for (const empty of ['', '\n\r\n  \n', 'Name,Email,Phone,Company\n', 'Name,Email,Phone,Company\n,,,\n\n']) {
      expectRefused(await importFile(user, empty), 'file', contactMessages.importEmpty);
    }
    const noFile = await send(user, [{ name: 'mapping', bytes: JSON.stringify(standard) }]);
    expectRefused(noFile, 'file', contactMessages.importNotCsv);
    const json = await user.post('/api/contacts/import', { mapping: standard });
    expect(json.statusCode).toBe(400);
    expect(await stored(user)).toEqual([]);
  });

  it('refuses a mapping without a name column, or with a column past the header, with the field’s message', async () => {
    const user = await signUp(t.app, 'mapping');
    const file = 'Name,Email\nAnn,ann@example.com\n';
    const required = contactMessages.importNameColumnRequired;
    expectRefused(await importFile(user, file, { mapping: { email: 1 } }), 'mapping.name', required);
    expectRefused(await importFile(user, file, { mapping: 'not json' }), 'mapping.name', required);
    expectRefused(await importFile(user, file, { mapping: { name: 2 } }), 'mapping.name', required);
    expectRefused(
      await importFile(user, file, { mapping: { name: 0, phone: 5 } }),
      'mapping.phone',
      contactMessages.importColumnUnknown,
    );
    expectRefused(
      await importFile(user, file, { mapping: { name: 0 }, duplicates: 'merge' }),
      'duplicates',
      'Duplicates must be skip or update',
    );
    const missing = await send(user, [{ name: 'file', filename: 'c.csv', bytes: file }]);
    expectRefused(missing, 'mapping.name', required);
    expect(await stored(user)).toEqual([]);
  });

  it('lists at most the cap of bad and duplicate rows while counting them all', async () => {
    const user = await signUp(t.app, 'capped');
    const bad = Array.from({ length: CONTACT_IMPORT_LISTED_ROWS + 20 }, () => ',nameless@example.com,,');
    const dupes = Array.from({ length: CONTACT_IMPORT_LISTED_ROWS + 30 }, () => 'Same,same@example.com,,');
    const result = await imported(user, ['Name,Email,Phone,Company', ...bad, ...dupes].join('\n'));
    expect(result.imported).toBe(1);
    expect(result.skipped).toBe(CONTACT_IMPORT_LISTED_ROWS + 20 + CONTACT_IMPORT_LISTED_ROWS + 29);
    expect(result.invalid).toHaveLength(CONTACT_IMPORT_LISTED_ROWS);
    expect(result.duplicates).toHaveLength(CONTACT_IMPORT_LISTED_ROWS);
  });
  it('refuses an upload that is not one CSV file after the fields, and one from another site', async () => {
    const user = await signUp(t.app, 'odd');
    const csv = 'Name\nAnn\n';
    const options = [
      { name: 'mapping', bytes: JSON.stringify({ name: 0 }) },
      { name: 'duplicates', bytes: 'skip' },
    ];
    const twoFiles = await send(user, [
      ...options,
      { name: 'file', filename: 'a.csv', bytes: csv },
      { name: 'file', filename: 'b.csv', bytes: csv },
    ]);
    expectRefused(twoFiles, 'file', contactMessages.importNotCsv);
    const otherName = await send(user, [...options, { name: 'upload', filename: 'a.csv', bytes: csv }]);
    expectRefused(otherName, 'file', contactMessages.importNotCsv);
    const extraFields = await send(user, [
      ...options,
      { name: 'extra', bytes: 'x' },
      { name: 'file', filename: 'a.csv', bytes: csv },
    ]);
    expect(extraFields.statusCode).toBe(400);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/contacts/import',
      payload: 'not multipart at all',
      headers: { cookie: user.cookie, 'content-type': 'multipart/form-data; boundary=x' },
    });
    expectRefused(garbage, 'file', contactMessages.importNotCsv);
    const { payload, contentType } = multipart([...options, { name: 'file', filename: 'a.csv', bytes: csv }]);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/contacts/import',
      payload,
      headers: { cookie: user.cookie, 'content-type': contentType, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await stored(user)).toEqual([]);
  });

  it('requires a session', async () => {
    const res = await send(null, [{ name: 'file', filename: 'c.csv', bytes: 'Name\nAnn\n' }]);
    expect(res.statusCode).toBe(401);
  });
});
