import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soloMember } from '../../db/member-scope';
import { deals, tasks } from '../../db/schema';
import { newDeal, newPipeline, silent } from '../../test/dashboard-kit';
import { buildTestApp, signUp, type TestApp } from '../../test/test-app';
import { getDashboard, revenueMonths } from './service';

// The dashboard in the browser's time zone: "today" and the months of the revenue chart; an unknown zone and a caller
// without a session refused.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('dashboard', () => {
  it('reads “today” in the browser’s time zone: 23:30 in New York is tomorrow in UTC', async () => {
    const user = await signUp(t.app, 'tz');
    // 16:00 on 15 June 2030 in New York (EDT, UTC−4), 20:00 in UTC.
    const now = new Date('2030-06-15T20:00:00Z');
    await db()
      .insert(tasks)
      .values([
        { userId: user.id, workspaceId: user.id, name: 'Late evening', dueDate: new Date('2030-06-16T03:30:00Z') },
        { userId: user.id, workspaceId: user.id, name: 'Early morning', dueDate: new Date('2030-06-15T04:30:00Z') },
        { userId: user.id, workspaceId: user.id, name: 'Last night', dueDate: new Date('2030-06-15T02:00:00Z') },
      ]);
    const titles = async (tz: string) =>
      (await getDashboard(db(), soloMember(user.id), tz, silent, now)).schedule!.map((item) => item.title);
    expect(await titles('America/New_York')).toEqual(['Early morning', 'Late evening']);
    expect(await titles('UTC')).toEqual(['Last night', 'Early morning']);
  });

  it('charts Won deals by the month they were won in the user’s time zone, else by their expected close date', async () => {
    const ann = await signUp(t.app, 'revenue');
    const bob = await signUp(t.app, 'other');
    const pipeline = await newPipeline(ann, 'Sales');
    const bobPipeline = await newPipeline(bob, 'Sales');
    // 08:00 on 16 June 2030 in Auckland (NZST, UTC+12): the months are July 2029 to June 2030.
    const now = new Date('2030-06-15T20:00:00Z');
    const tz = 'Pacific/Auckland';
    const won = async (value: number | null, wonAt: string | null, expectedCloseDate: string | null, user = ann) => {
      const id = await newDeal(user, user === ann ? pipeline : bobPipeline, 'Won deal', 'Won', value);
      await db()
        .update(deals)
        .set({ wonAt: wonAt === null ? null : new Date(wonAt), expectedCloseDate })
        .where(sql`${deals.id} = ${id}`);
    };
    await won(100.1, '2030-05-31T13:00:00Z', null); // 1 June, 01:00 in Auckland: June, not May
    await won(0.2, '2030-06-15T19:00:00Z', '2029-01-01'); // won_at wins over the expected date
    await won(5, '2029-06-30T12:00:00Z', null); // 1 July 2029, 00:00 in Auckland: the oldest month
    await won(7, '2029-06-30T11:59:59Z', null); // 30 June 2029, 23:59:59: before the chart
    await won(9, '2030-06-30T12:00:00Z', null); // 1 July 2030 in Auckland: after it
    await won(30, null, '2030-01-15'); // won before won_at existed: its expected close date
    await won(40, null, '2029-07-01');
    await won(50, null, '2029-06-30');
    await won(60, null, '2030-07-01');
    await won(70, null, null);
    await won(null, '2030-03-10T00:00:00Z', null);
    await won(1000, '2030-03-10T00:00:00Z', null, bob);
    const lead = await newDeal(ann, pipeline, 'Lead', 'Lead', 80);
    await db()
      .update(deals)
      .set({ wonAt: new Date('2030-03-10T00:00:00Z') })
      .where(sql`${deals.id} = ${lead}`);

    const { revenue } = await getDashboard(db(), soloMember(ann.id), tz, silent, now);
    expect(revenue).toEqual([
      { month: '2029-07', value: '45.00' },
      { month: '2029-08', value: '0' },
      { month: '2029-09', value: '0' },
      { month: '2029-10', value: '0' },
      { month: '2029-11', value: '0' },
      { month: '2029-12', value: '0' },
      { month: '2030-01', value: '30.00' },
      { month: '2030-02', value: '0' },
      { month: '2030-03', value: '0' },
      { month: '2030-04', value: '0' },
      { month: '2030-05', value: '0' },
      { month: '2030-06', value: '100.30' },
    ]);
    // In UTC the first deal falls in May, the 1 July 2029 one in June 2029 (before the chart) and the 1 July 2030 one
    // in June 2030.
    const utc = (await getDashboard(db(), soloMember(ann.id), 'UTC', silent, now)).revenue!;
    expect(utc.map((m) => m.month)).toEqual(revenueMonths('UTC', now).map((m) => m.month));
    expect(utc.find((m) => m.month === '2030-05')!.value).toBe('100.10');
    expect(utc.find((m) => m.month === '2029-07')!.value).toBe('40.00');
    expect(utc.find((m) => m.month === '2030-06')!.value).toBe('9.20');
  });

  it('refuses an unknown time zone and a caller without a session', async () => {
    const user = await signUp(t.app, 'bad');
    const res = await user.get('/api/dashboard?tz=Mars/Olympus');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Unknown time zone' });
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
