import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PER_KIND, searchMessages, type SearchHit } from '@common/search';
import { contacts, deals, forms, pipelines, projects, tasks } from '../../db/schema';
import { SEARCH_MATCHES_READ } from '../../db/bounded-matches';
import { SHORT_TERM_SCAN } from './service';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { joined } from '../../test/workspace-kit';

// The header's command menu: GET /api/search?q= finds the user's contacts, deals, projects, tasks (own and
// assigned) and forms at once, a few of each, and never another user's.

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
let dave: UserClient;
let sam: UserClient;

interface Records {
  contactId: string;
  dealId: string;
  byContactDealId: string;
  pipelineId: string;
  projectId: string;
  taskId: string;
  formId: string;
}
const own: Record<string, Records> = {};

/** The same names for every user, so a leak would show as a hit of the right title with the wrong id. */
async function seedLookAlike(user: UserClient): Promise<Records> {
  const db = t.database.db;
  const [contact] = await db
    .insert(contacts)
    .values({
      userId: user.id,
      workspaceId: user.id,
      name: 'Grace Hopper',
      email: 'grace@navy.example',
      company: 'Navy Corp',
    })
    .returning();
  const [pipeline] = await db
    .insert(pipelines)
    .values({ userId: user.id, workspaceId: user.id, name: 'Sales' })
    .returning();
  const [deal, byContact] = await db
    .insert(deals)
    .values([
      {
        userId: user.id,
        workspaceId: user.id,
        pipelineId: pipeline!.id,
        name: 'Navy fleet',
        stage: 'Proposal Sent',
        createdAt: new Date(2),
      },
      {
        userId: user.id,
        workspaceId: user.id,
        pipelineId: pipeline!.id,
        name: 'Compiler licence',
        stage: 'Lead',
        contactId: contact!.id,
        createdAt: new Date(1),
      },
    ])
    .returning();
  const [project] = await db
    .insert(projects)
    .values({ userId: user.id, workspaceId: user.id, name: 'Navy rollout', status: 'Planning' })
    .returning();
  const [task] = await db
    .insert(tasks)
    .values({
      userId: user.id,
      workspaceId: user.id,
      name: 'Call back',
      description: 'About the navy order',
      status: 'In Progress',
    })
    .returning();
  const [form] = await db
    .insert(forms)
    .values({ userId: user.id, workspaceId: user.id, name: 'Navy sign-up', submissionCount: 12 })
    .returning();
  return {
    contactId: contact!.id,
    dealId: deal!.id,
    byContactDealId: byContact!.id,
    pipelineId: pipeline!.id,
    projectId: project!.id,
    taskId: task!.id,
    formId: form!.id,
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
  dave = await signUp(t.app, 'dave');
  sam = await signUp(t.app, 'sam');
  own.ann = await seedLookAlike(ann);
  own.bob = await seedLookAlike(bob);
}, 60_000);
afterAll(() => t.close());

async function hits(user: UserClient, q: string): Promise<SearchHit[]> {
  const res = await user.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: SearchHit[] }>().items;
}

const titles = async (user: UserClient, q: string) => (await hits(user, q)).map((hit) => hit.title);

describe('global search', () => {
  it('finds each kind, in the order of the kinds, with a second line and a link that opens it', async () => {
    const { contactId, dealId, byContactDealId, pipelineId, projectId, taskId, formId } = own.ann!;
    expect(await hits(ann, 'navy')).toEqual([
      {
        kind: 'contact',
        id: contactId,
        title: 'Grace Hopper',
        subtitle: 'Navy Corp · grace@navy.example',
        link: `/app/contacts/${contactId}`,
      },
      {
        kind: 'deal',
        id: dealId,
        title: 'Navy fleet',
        subtitle: 'Proposal Sent',
        link: `/app/deals?pipeline=${pipelineId}&deal=${dealId}`,
      },
      {
        kind: 'deal',
        id: byContactDealId,
        title: 'Compiler licence',
        subtitle: 'Grace Hopper · Lead',
        link: `/app/deals?pipeline=${pipelineId}&deal=${byContactDealId}`,
      },
      {
        kind: 'project',
        id: projectId,
        title: 'Navy rollout',
        subtitle: 'Planning',
        link: `/app/projects?project=${projectId}`,
      },
      { kind: 'task', id: taskId, title: 'Call back', subtitle: 'In Progress', link: `/app/tasks?task=${taskId}` },
      {
        kind: 'form',
        id: formId,
        title: 'Navy sign-up',
        subtitle: '12 submissions',
        link: `/app/forms?form=${formId}`,
      },
    ]);
  });

  it('matches whatever the case, and trims the term', async () => {
    const expected = await titles(ann, 'navy');
    expect(await titles(ann, 'NaVy')).toEqual(expected);
    expect(await titles(ann, '   navy  ')).toEqual(expected);
  });

  it("finds a deal by its contact's name, e-mail or company", async () => {
    for (const q of ['hopper', 'grace@navy', 'navy corp'])
      expect((await hits(ann, q)).filter((hit) => hit.kind === 'deal').map((hit) => hit.id)).toContain(
        own.ann!.byContactDealId,
      );
    expect(await titles(ann, 'compiler')).toEqual(['Compiler licence']);
  });

  it('finds a contact by e-mail, company or phone, and a task by its description', async () => {
    await t.database.db
      .insert(contacts)
      .values({ userId: ann.id, workspaceId: ann.id, name: 'Phone Only', phone: '+44 20 7946 0958' });
    expect(await hits(ann, '7946 0958')).toEqual([
      expect.objectContaining({ title: 'Phone Only', subtitle: '+44 20 7946 0958' }),
    ]);
    expect(await titles(ann, 'grace@navy.example')).toEqual(['Grace Hopper', 'Compiler licence']);
    expect(await titles(ann, 'navy order')).toEqual(['Call back']);
  });

  it("never shows another user's look-alike records, in any kind", async () => {
    const idsOf = ({ pipelineId: _, ...records }: Records): string[] => Object.values(records);
    const annHits = await hits(ann, 'navy');
    const bobHits = await hits(bob, 'navy');
    expect(annHits.map((hit) => hit.title)).toEqual(bobHits.map((hit) => hit.title));
    expect(annHits.map((hit) => hit.id).sort()).toEqual(idsOf(own.ann!).sort());
    expect(bobHits.map((hit) => hit.id).sort()).toEqual(idsOf(own.bob!).sort());
    expect(bobHits.every((hit) => !hit.link.includes(own.ann!.pipelineId))).toBe(true);
    expect(await hits(dave, 'navy')).toEqual([]);
  });

  it('finds tasks assigned to an "own records" member by someone else, and no other such member does', async () => {
    const olga = await signUp(t.app, 'olga');
    const [hal, oz] = [await joined(t.app, olga, 'hal', 'member'), await joined(t.app, olga, 'oz', 'member')];
    for (const member of [hal, oz]) await olga.patch(`/api/workspace/members/${member.id}`, { visibility: 'own' });
    const [task] = await t.database.db
      .insert(tasks)
      .values({
        userId: olga.id,
        workspaceId: olga.id,
        assignedUserId: hal.id,
        name: 'Audit the ledger',
        status: 'To Do',
      })
      .returning();
    const found = { kind: 'task', id: task!.id, title: 'Audit the ledger', subtitle: 'To Do' };
    expect(await hits(hal, 'ledger')).toEqual([expect.objectContaining(found)]);
    expect(await hits(olga, 'ledger')).toEqual([expect.objectContaining(found)]);
    expect(await hits(oz, 'ledger')).toEqual([]);
    expect(await hits(ann, 'ledger')).toEqual([]);
    // Assigned to themself: found once.
    await t.database.db
      .insert(tasks)
      .values({ userId: hal.id, workspaceId: olga.id, assignedUserId: hal.id, name: 'Ledger close' });
    expect(await titles(hal, 'ledger')).toEqual(['Ledger close', 'Audit the ledger']);
  });

  it('matches special characters literally, and only the rows containing them', async () => {
    const names = [
      'Rate 100% sure',
      'Rate 1000 sure',
      'under_score',
      'underXscore',
      "O'Brien",
      'back\\slash',
      'Party 🎉 time',
      '<script>alert(1)</script>',
      'Plain text',
    ];
    await t.database.db.insert(contacts).values(names.map((name) => ({ userId: sam.id, workspaceId: sam.id, name })));
    await t.database.db
      .insert(tasks)
      .values(names.map((name) => ({ userId: sam.id, workspaceId: sam.id, name: `Task ${name}` })));
    const cases: Array<[string, string]> = [
      ['%', 'Rate 100% sure'],
      ['0%', 'Rate 100% sure'],
      ['_', 'under_score'],
      ['r_s', 'under_score'],
      ["'", "O'Brien"],
      ["o'b", "O'Brien"],
      ['\\', 'back\\slash'],
      ['k\\s', 'back\\slash'],
      ['🎉', 'Party 🎉 time'],
      ['<script>', '<script>alert(1)</script>'],
    ];
    for (const [q, name] of cases) expect(await titles(sam, q), q).toEqual([name, `Task ${name}`]);
    for (const q of ['"', '%%', '\\%', '__', "'; drop table contacts; --", '😀', '\u202e', '?&=#'])
      expect(await titles(sam, q), q).toEqual([]);
  });

  it(`answers at most ${SEARCH_PER_KIND} of each kind: contacts by name, the rest newest first`, async () => {
    const user = await signUp(t.app, 'many');
    const n = SEARCH_PER_KIND + 2;
    const numbers = Array.from({ length: n }, (_, i) => i);
    await t.database.db
      .insert(contacts)
      .values(
        numbers.map((i) => ({ userId: user.id, workspaceId: user.id, name: `Zeta ${String.fromCharCode(103 - i)}` })),
      );
    await t.database.db.insert(tasks).values(
      numbers.map((i) => ({
        userId: user.id,
        workspaceId: user.id,
        name: `Zeta task ${i}`,
        createdAt: new Date(Date.now() - i),
      })),
    );
    const found = await hits(user, 'zeta');
    expect(found.map((hit) => hit.title)).toEqual([
      'Zeta a',
      'Zeta b',
      'Zeta c',
      'Zeta d',
      'Zeta e',
      'Zeta task 0',
      'Zeta task 1',
      'Zeta task 2',
      'Zeta task 3',
      'Zeta task 4',
    ]);
  });

  it('answers the same first hits for a term too common to read all its matches (the order’s index walked)', async () => {
    const user = await signUp(t.app, 'common');
    // More matches of each kind than SEARCH_MATCHES_READ: contacts, tasks and deals by name, deals by contact.
    const n = SEARCH_MATCHES_READ + 50;
    await t.database.db.execute(sql`insert into contacts (workspace_id, user_id, name)
      select ${user.id}, ${user.id}, 'Omni contact ' || lpad(i::text, 5, '0') from generate_series(1, ${n}::int) i`);
    await t.database.db.execute(sql`insert into tasks (workspace_id, user_id, name, created_at)
      select ${user.id}, ${user.id}, 'Omni task ' || i, now() - i * interval '1 minute'
      from generate_series(1, ${n}::int) i`);
    const [pipeline] = await t.database.db
      .insert(pipelines)
      .values({ userId: user.id, workspaceId: user.id, name: 'Sales' })
      .returning();
    await t.database.db.execute(sql`insert into deals (workspace_id, user_id, pipeline_id, name, stage, created_at)
      select ${user.id}, ${user.id}, ${pipeline!.id}, 'Omni deal ' || i, 'Lead', now() - i * interval '1 minute'
      from generate_series(1, ${n}::int) i`);
    expect(await titles(user, 'omni')).toEqual([
      ...Array.from({ length: SEARCH_PER_KIND }, (_, i) => `Omni contact ${String(i + 1).padStart(5, '0')}`),
      ...Array.from({ length: SEARCH_PER_KIND }, (_, i) => `Omni deal ${i + 1}`),
      ...Array.from({ length: SEARCH_PER_KIND }, (_, i) => `Omni task ${i + 1}`),
    ]);
  });

  it('looks for a term without three letters or digits in a row among the first rows of each kind only', async () => {
    const user = await signUp(t.app, 'old');
    await t.database.db.execute(sql`insert into tasks (workspace_id, user_id, name, created_at)
      select ${user.id}, ${user.id}, case when i = ${SHORT_TERM_SCAN} then 'Oldest q% task' else 'Task ' || i end,
        now() - i * interval '1 minute'
      from generate_series(0, ${SHORT_TERM_SCAN}::int) i`);
    // No trigram in "q%": the index cannot help, and the oldest task is past the first SHORT_TERM_SCAN.
    expect(await titles(user, 'q%')).toEqual([]);
    expect(await titles(user, 'oldest q%')).toEqual(['Oldest q% task']);
  });

  it('refuses an empty term or one longer than 100 characters', async () => {
    for (const url of ['/api/search', '/api/search?q=', '/api/search?q=%20%20%20']) {
      const res = await ann.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: searchMessages.required, fields: { q: searchMessages.required } });
    }
    const res = await ann.get(`/api/search?q=${'x'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: searchMessages.tooLong, fields: { q: searchMessages.tooLong } });
    expect((await ann.get(`/api/search?q=${'%25'.repeat(100)}`)).statusCode).toBe(200);
    expect((await ann.get(`/api/search?q=${'x'.repeat(100)}`)).statusCode).toBe(200);
  });

  it('refuses a NUL character', async () => {
    const res = await ann.get('/api/search?q=a%00b');
    expect(res.statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search?q=navy' });
    expect(res.statusCode).toBe(401);
  });
});
