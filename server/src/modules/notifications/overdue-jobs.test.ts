import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema';
import { unreadOf } from '../../test/notifications-kit';
import { buildTestApp, signUp, type TestApp } from '../../test/test-app';
import { OVERDUE_QUEUE, sendOverdueReminders, startOverdueReminders } from './overdue-jobs';

// The overdue reminders on the job queue: the schedule is made once a minute, and a job of the queue adds them,
// which the bell then shows.

let t: TestApp;
let reminders: { stop(): Promise<void> };
beforeAll(async () => {
  t = await buildTestApp({}, { jobs: true });
  reminders = await startOverdueReminders(t.app.db, t.app.jobs!, { log: { warn: () => undefined } });
}, 60_000);
afterAll(async () => {
  await reminders?.stop();
  await t?.close();
});

describe('the overdue reminders’ job', () => {
  it('is scheduled every minute, and a job of its queue adds the reminders the bell shows', async () => {
    const schedules = await t.app.jobs!.boss.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: OVERDUE_QUEUE, cron: '* * * * *' }));

    const ann = await signUp(t.app, 'ann');
    await t.database.db.insert(tasks).values({
      workspaceId: ann.id,
      userId: ann.id,
      name: 'Call back Acme',
      dueDate: new Date(Date.now() - 60_000),
    });
    expect(await unreadOf(ann)).toMatchObject({ count: 0 });

    const id = await sendOverdueReminders(t.app.jobs!);
    const stateOf = async () => (await t.app.jobs!.boss.getJobById(OVERDUE_QUEUE, id!))?.state;
    await expect.poll(stateOf, { timeout: 20_000 }).toBe('completed');
    expect(await unreadOf(ann)).toMatchObject({
      count: 1,
      newest: { kind: 'task_overdue', title: 'Task overdue: Call back Acme' },
    });
  });
});
