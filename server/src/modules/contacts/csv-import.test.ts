import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importApi } from '../../test/contact-import-kit';
import { buildTestApp, signUp, type TestApp } from '../../test/test-app';

// POST /api/contacts/import: a CSV file with a column mapping, imported by its job a piece at a time and checked row
// by row: each field from its column, bad rows and duplicates listed, what the export wrote read back, 10,000 rows
// over several pieces. What is refused: csv-import-refusals.test.ts; the job itself: import-job.test.ts.

let t: TestApp;
beforeAll(async () => {
  // An import's file waits in the data folder for its job.
  t = await buildTestApp({}, { jobs: true, files: true });
});
afterAll(() => t.close());
const { imported, stored } = importApi(() => t);

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

  it('imports 10,000 rows over several pieces', async () => {
    const user = await signUp(t.app, 'bulk');
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `Person ${i},person${i}@example.com,+1 555 ${String(i).padStart(5, '0')},Company ${i % 97}`,
    );
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
  });
});
