import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_IMPORT_LISTED_ROWS,
  CONTACT_IMPORT_MAX_BYTES,
  contactMessages,
  type ContactImportMapping,
  type ContactImportResult,
} from '@common/contacts';
import { contacts } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// POST /api/contacts/import: a CSV file with a column mapping, checked row by row, stored in one transaction.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const standard: ContactImportMapping = { name: 0, email: 1, phone: 2, company: 3 };

interface Part {
  name: string;
  bytes: string | Buffer;
  filename?: string;
}

function multipart(parts: Part[]) {
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

function send(user: UserClient | null, parts: Part[]) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
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

async function imported(user: UserClient, file: string | Buffer, options?: Parameters<typeof importFile>[2]) {
  const res = await importFile(user, file, options);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ContactImportResult>();
}

const stored = (user: UserClient) =>
  t.database.db
    .select({ name: contacts.name, email: contacts.email, phone: contacts.phone, company: contacts.company })
    .from(contacts)
    .where(eq(contacts.userId, user.id))
    .orderBy(asc(contacts.name));

function expectRefused(res: { statusCode: number; json: () => unknown }, field: string, message: string) {
  expect(res.statusCode).toBe(message === contactMessages.importTooLarge ? 413 : 400);
  expect(res.json()).toEqual({ error: message, fields: { [field]: message } });
}

describe('contact import', () => {
  it('imports a good file and counts it', async () => {
    const user = await signUp(t.app, 'good');
    const file =
      'Name,Email,Phone,Company\n' +
      'Grace Hopper,grace@navy.mil,+1 555 0100,US Navy\n' +
      '"Lovelace, Ada",ADA@engine.org,,"The ""Analytical"" Engine"\n' +
      'Zoë Ångström,,,"Line one\nLine two"\n';
    expect(await imported(user, file)).toEqual({ imported: 3, updated: 0, skipped: 0, invalid: [], duplicates: [] });
    expect(await stored(user)).toEqual([
      { name: 'Grace Hopper', email: 'grace@navy.mil', phone: '+1 555 0100', company: 'US Navy' },
      { name: 'Lovelace, Ada', email: 'ADA@engine.org', phone: null, company: 'The "Analytical" Engine' },
      { name: 'Zoë Ångström', email: null, phone: null, company: 'Line one\nLine two' },
    ]);
  });

  it.each([
    ['a byte order mark and CRLF line ends', '\uFEFFName,Email\r\nAnn,ann@example.com\r\nBob,bob@example.com\r\n'],
    ['semicolons', 'Name;Email\nAnn;ann@example.com\nBob;bob@example.com\n\n'],
    ['tabs', 'Name\tEmail\nAnn\tann@example.com\nBob\tbob@example.com\n'],
  ])('reads a file with %s', async (_label, file) => {
    const user = await signUp(t.app, 'format');
    const result = await imported(user, file, { mapping: { name: 0, email: 1 } });
    expect(result).toMatchObject({ imported: 2, skipped: 0 });
    expect(await stored(user)).toEqual([
      { name: 'Ann', email: 'ann@example.com', phone: null, company: null },
      { name: 'Bob', email: 'bob@example.com', phone: null, company: null },
    ]);
  });

  it('fills each field from the column the mapping names, leaving unmapped columns out', async () => {
    const user = await signUp(t.app, 'mapped');
    const file = 'Company;Notes;Full name;Mail\nAcme;ignore me;Ann;ann@example.com\n';
    await imported(user, file, { mapping: { name: 2, email: 3, company: 0, phone: null } });
    expect(await stored(user)).toEqual([{ name: 'Ann', email: 'ann@example.com', phone: null, company: 'Acme' }]);
  });

  it('lists each bad row with its number and reason, skips it and imports the rest', async () => {
    const user = await signUp(t.app, 'bad');
    const file = [
      'Name,Email,Phone,Company',
      'Good One,one@example.com,,',
      ',nobody@example.com,,', // row 3
      '"Multi',
      'line name",two@example.com,,', // one row of the spreadsheet: row 4
      'Bad Mail,not-an-email,,', // row 5
      '', // a blank line: passed over, still numbered
      `${'x'.repeat(201)},,,`, // row 7
      'Short', // row 8: fewer cells than the header
    ].join('\n');
    const result = await imported(user, file);
    expect(result).toEqual({
      imported: 3,
      updated: 0,
      skipped: 3,
      invalid: [
        { row: 3, reason: 'Name is required' },
        { row: 5, reason: 'Please enter a valid email address' },
        { row: 7, reason: 'Name must be at most 200 characters' },
      ],
      duplicates: [],
    });
    expect((await stored(user)).map((c) => c.name)).toEqual(['Good One', 'Multi\nline name', 'Short']);
  });

  it('skips duplicates of the user’s contacts (any case) and of earlier rows, listing them', async () => {
    const user = await signUp(t.app, 'dupes');
    await user.post('/api/contacts', { name: 'Existing', email: 'Known@Example.com', phone: '111' });
    const file = [
      'Name,Email,Phone,Company',
      'Known Again,known@EXAMPLE.com,222,', // row 2: already a contact
      'New,new@example.com,,', // row 3
      'New Twice,NEW@example.com,,', // row 4: repeats row 3
      'No Mail,,,', // row 5: no e-mail, never a duplicate
      'No Mail,,,', // row 6
    ].join('\n');
    const result = await imported(user, file);
    expect(result).toEqual({
      imported: 3,
      updated: 0,
      skipped: 2,
      invalid: [],
      duplicates: [
        { row: 2, email: 'known@EXAMPLE.com' },
        { row: 4, email: 'NEW@example.com' },
      ],
    });
    expect(await stored(user)).toEqual([
      { name: 'Existing', email: 'Known@Example.com', phone: '111', company: null },
      { name: 'New', email: 'new@example.com', phone: null, company: null },
      { name: 'No Mail', email: null, phone: null, company: null },
      { name: 'No Mail', email: null, phone: null, company: null },
    ]);
  });

  it('updates the existing contact with a duplicate’s values when asked, keeping fields the file has no column for', async () => {
    const user = await signUp(t.app, 'update');
    await user.post('/api/contacts', { name: 'Old Name', email: 'ann@example.com', phone: '111', company: 'Old Co' });
    const file = [
      'Name,Email,Company',
      'Ann New,ANN@example.com,New Co', // row 2: updates the contact
      'Bob,bob@example.com,Bob Co', // row 3: new
      'Bob Again,bob@example.com,', // row 4: a repeat takes the place of row 3's values
    ].join('\n');
    const result = await imported(user, file, { mapping: { name: 0, email: 1, company: 2 }, duplicates: 'update' });
    expect(result).toEqual({ imported: 1, updated: 2, skipped: 0, invalid: [], duplicates: [] });
    expect(await stored(user)).toEqual([
      { name: 'Ann New', email: 'ANN@example.com', phone: '111', company: 'New Co' },
      { name: 'Bob Again', email: 'bob@example.com', phone: null, company: null },
    ]);
  });

  it('does not take another user’s e-mails for duplicates', async () => {
    const ann = await signUp(t.app, 'ann');
    const bob = await signUp(t.app, 'bob');
    await bob.post('/api/contacts', { name: 'Bob’s Carol', email: 'carol@example.com' });
    const result = await imported(ann, 'Name,Email\nCarol,carol@example.com\n', {
      mapping: { name: 0, email: 1 },
      duplicates: 'update',
    });
    expect(result).toMatchObject({ imported: 1, updated: 0, skipped: 0 });
    expect(await stored(bob)).toEqual([
      { name: 'Bob’s Carol', email: 'carol@example.com', phone: null, company: null },
    ]);
  });

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
    const huge = 'Name,Email,Phone,Company\n' + line.repeat(Math.ceil(CONTACT_IMPORT_MAX_BYTES / line.length) + 1);
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

  it('imports what it exported, the formula guard taken off again', async () => {
    const user = await signUp(t.app, 'again');
    const people = [
      { name: '=1+2', email: 'calc@example.com', phone: '+1 555 0100', company: 'Quotes "and", commas' },
      { name: 'Ünïcödé 名前', email: null, phone: null, company: 'Line\nbreak' },
    ];
    for (const person of people) expect((await user.post('/api/contacts', person)).statusCode).toBe(201);
    const csv = (await user.get('/api/contacts/export')).body;
    const copy = await signUp(t.app, 'copy');
    expect(await imported(copy, csv)).toMatchObject({ imported: 2, skipped: 0 });
    expect(await stored(copy)).toEqual(await stored(user));
  });

  it('imports 10,000 rows in one go', async () => {
    const user = await signUp(t.app, 'bulk');
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `Person ${i},person${i}@example.com,+1 555 ${String(i).padStart(5, '0')},Company ${i % 97}`,
    );
    const started = Date.now();
    const result = await imported(user, ['Name,Email,Phone,Company', ...rows].join('\r\n'));
    expect(result).toEqual({ imported: 10_000, updated: 0, skipped: 0, invalid: [], duplicates: [] });
    expect((await user.get('/api/contacts/count')).json()).toEqual({ count: 10_000, hasMore: false });
    // Again, every row now a duplicate to update.
    const again = await imported(
      user,
      ['Name,Email', ...rows.map((r) => r.split(',').slice(0, 2).join(','))].join('\n'),
      {
        mapping: { name: 0, email: 1 },
        duplicates: 'update',
      },
    );
    expect(again).toMatchObject({ imported: 0, updated: 10_000, skipped: 0 });
    expect(Date.now() - started).toBeLessThan(25_000);
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
