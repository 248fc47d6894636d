import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// GET /api/contacts/export: all the user's contacts as a CSV file, by name, streamed a batch at a time.

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
});
afterAll(() => t.close());

async function exportOf(user: UserClient): Promise<string[][]> {
  const res = await user.get('/api/contacts/export');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe('attachment; filename="contacts.csv"');
  const { data, errors } = Papa.parse<string[]>(res.body, { skipEmptyLines: true });
  expect(errors).toEqual([]);
  return data;
}

describe('contact export', () => {
  it('writes a header and every contact by name, keeping quotes, commas, line breaks and any script', async () => {
    const user = await signUp(t.app, 'round');
    const people = [
      { name: 'Zoë "Zed" Ångström', email: 'zoe@example.com', phone: null, company: 'Smith, Jones & Co' },
      { name: 'Ada', email: null, phone: '020 7946 0000', company: 'Line one\nLine two\r\nLine three' },
      { name: '李小龍', email: 'lee@example.com', phone: null, company: '株式会社 "テスト"' },
      { name: 'Émile 😀', email: null, phone: null, company: ' padded ' },
    ];
    await t.database.db.insert(contacts).values(people.map((p) => ({ ...p, userId: user.id, workspaceId: user.id })));
    const [header, ...rows] = await exportOf(user);
    expect(header).toEqual(['Name', 'Email', 'Phone', 'Company']);
    const expected = [...people]
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((p) => [p.name, p.email ?? '', p.phone ?? '', p.company ?? '']);
    expect(rows.sort((a, b) => (a[0]! < b[0]! ? -1 : 1))).toEqual(expected);
  });

  it('prefixes a value a spreadsheet would run as a formula with a quote', async () => {
    const user = await signUp(t.app, 'guard');
    await t.database.db.insert(contacts).values([
      {
        userId: user.id,
        workspaceId: user.id,
        name: '=HYPERLINK("http://evil.example","x")',
        email: null,
        phone: '+1 555 0100',
        company: '-2+3',
      },
      { userId: user.id, workspaceId: user.id, name: '@SUM(A1:A2)', email: null, phone: null, company: '\tTabbed' },
      {
        userId: user.id,
        workspaceId: user.id,
        name: 'Safe = name',
        email: null,
        phone: '\r=1+1',
        company: '=cmd|\n"/C calc"!A0',
      },
    ]);
    const rows = (await exportOf(user)).slice(1);
    expect(rows).toEqual([
      ['\'=HYPERLINK("http://evil.example","x")', '', "'+1 555 0100", "'-2+3"],
      ["'@SUM(A1:A2)", '', '', "'\tTabbed"],
      ['Safe = name', '', "'\r=1+1", '\'=cmd|\n"/C calc"!A0'],
    ]);
  });

  it('exports only the user’s own contacts, and just the header when there are none', async () => {
    await ann.post('/api/contacts', { name: 'Ann’s contact' });
    await bob.post('/api/contacts', { name: 'Bob’s contact' });
    expect(await exportOf(ann)).toEqual([
      ['Name', 'Email', 'Phone', 'Company'],
      ['Ann’s contact', '', '', ''],
    ]);
    const empty = await signUp(t.app, 'empty');
    expect(await exportOf(empty)).toEqual([['Name', 'Email', 'Phone', 'Company']]);
  });

  it('streams a long list in batches, each contact once and in order', async () => {
    const user = await signUp(t.app, 'many');
    const total = 2_345;
    const names = Array.from({ length: total }, (_, i) => `Person ${String(i).padStart(5, '0')}`);
    for (let i = 0; i < total; i += 1000) {
      await t.database.db
        .insert(contacts)
        .values(names.slice(i, i + 1000).map((name) => ({ userId: user.id, workspaceId: user.id, name })));
    }
    // Two contacts share a name across a batch boundary: the keyset's id keeps both.
    await t.database.db.insert(contacts).values({ userId: user.id, workspaceId: user.id, name: names[999]! });
    const rows = (await exportOf(user)).slice(1).map((row) => row[0]);
    expect(rows).toHaveLength(total + 1);
    expect(rows).toEqual([...names.slice(0, 1000), names[999], ...names.slice(1000)]);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/contacts/export' });
    expect(res.statusCode).toBe(401);
  });
});
