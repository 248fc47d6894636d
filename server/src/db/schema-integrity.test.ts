import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkViolation, failure, restrictViolations, schemaRows, uniqueViolation } from '../test/schema-kit';
import { openTestDatabase } from '../test/test-app';
import type { Database, Db } from './client';
import { selectRows } from './select-rows';
import {
  apiKeysTriggers,
  authUsers,
  authUsersTriggers,
  bookings,
  calendarIntegration,
  contacts,
  contactsTriggers,
  dealActivities,
  deals,
  dealsTriggers,
  emailAccounts,
  emailServerConfig,
  formSubmissions,
  forms,
  pipelines,
  projects,
  projectsTriggers,
  schedulingAvailability,
  tasks,
  tasksTriggers,
  usersTriggers,
  webhookEndpointsTriggers,
  workspaceMembersTriggers,
  workspacesTriggers,
} from './schema';

// The schema as the migrations build it, on a fresh embedded Postgres: links between records, uniqueness, and the
// triggers each table's schema file names. Defaults and allowed values: schema-values.test.ts. The API tests cover
// the rules services add on top.

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

const { createUser, createPipeline, createDeal } = schemaRows(() => db);

describe('database schema', () => {
  describe('links between records', () => {
    it('deletes the activities of a deleted deal and unlinks its tasks', async () => {
      const userId = await createUser();
      const deal = await createDeal(userId, (await createPipeline(userId)).id);
      await db.insert(dealActivities).values({
        dealId: deal.id,
        userId,
        workspaceId: userId,
        activityType: 'email',
        description: 'Send deck',
        dueDate: new Date(),
      });
      const [task] = await db
        .insert(tasks)
        .values({ userId, workspaceId: userId, name: 'Prepare deck', dealId: deal.id })
        .returning();
      await db.delete(deals).where(eq(deals.id, deal.id));
      expect(await db.select().from(dealActivities).where(eq(dealActivities.dealId, deal.id))).toEqual([]);
      const [after] = await db.select().from(tasks).where(eq(tasks.id, task!.id));
      expect(after!.dealId).toBeNull();
    });

    it('keeps the task of a deleted project, with project_id null', async () => {
      const userId = await createUser();
      const [project] = await db.insert(projects).values({ userId, workspaceId: userId, name: 'Launch' }).returning();
      const [task] = await db
        .insert(tasks)
        .values({ userId, workspaceId: userId, name: 'Kick-off', projectId: project!.id })
        .returning();
      await db.delete(projects).where(eq(projects.id, project!.id));
      const [after] = await db.select().from(tasks).where(eq(tasks.id, task!.id));
      expect(after).toMatchObject({ name: 'Kick-off', projectId: null });
    });

    it('rejects a task linked to both a project and a deal', async () => {
      const userId = await createUser();
      const [project] = await db.insert(projects).values({ userId, workspaceId: userId, name: 'Launch' }).returning();
      const deal = await createDeal(userId, (await createPipeline(userId)).id);
      const error = await failure(
        db.insert(tasks).values({ userId, workspaceId: userId, name: 'Both', projectId: project!.id, dealId: deal.id }),
      );
      expect(error).toMatchObject({ code: checkViolation, constraint: 'tasks_project_or_deal_check' });
    });

    it('unlinks deals and submissions from a deleted contact', async () => {
      const userId = await createUser();
      const [contact] = await db.insert(contacts).values({ userId, workspaceId: userId, name: 'Cy' }).returning();
      const deal = await createDeal(userId, (await createPipeline(userId)).id, { contactId: contact!.id });
      const [form] = await db.insert(forms).values({ userId, workspaceId: userId, name: 'Lead form' }).returning();
      const [submission] = await db
        .insert(formSubmissions)
        .values({
          formId: form!.id,
          userId,
          workspaceId: userId,
          data: { a: 'b' },
          createdContactId: contact!.id,
          createdDealId: deal.id,
        })
        .returning();
      await db.delete(contacts).where(eq(contacts.id, contact!.id));
      expect((await db.select().from(deals).where(eq(deals.id, deal.id)))[0]!.contactId).toBeNull();
      const [after] = await db.select().from(formSubmissions).where(eq(formSubmissions.id, submission!.id));
      expect(after).toMatchObject({ createdContactId: null, createdDealId: deal.id });
    });

    it('refuses to delete a pipeline that still has deals', async () => {
      const userId = await createUser();
      const pipeline = await createPipeline(userId);
      await createDeal(userId, pipeline.id);
      const error = await failure(db.delete(pipelines).where(eq(pipelines.id, pipeline.id)));
      expect(error).toMatchObject({ constraint: 'deals_pipeline_id_pipelines_id_fk' });
      expect(restrictViolations).toContain(error.code);
    });

    it('deletes everything of a deleted user, pipelines with deals included', async () => {
      const userId = await createUser();
      const pipeline = await createPipeline(userId, true);
      const deal = await createDeal(userId, pipeline.id);
      await db.insert(dealActivities).values({
        dealId: deal.id,
        userId,
        workspaceId: userId,
        activityType: 'call',
        description: 'Call',
        dueDate: new Date(),
      });
      await db.insert(tasks).values({ userId, workspaceId: userId, name: 'Follow up', dealId: deal.id });
      const [form] = await db.insert(forms).values({ userId, workspaceId: userId, name: 'Lead form' }).returning();
      await db
        .insert(formSubmissions)
        .values({ formId: form!.id, userId, workspaceId: userId, createdDealId: deal.id });
      await db.insert(calendarIntegration).values({ userId, icsToken: `token-${userId}` });
      await db.delete(authUsers).where(eq(authUsers.id, userId));
      for (const table of [pipelines, deals, dealActivities, tasks, forms, formSubmissions, calendarIntegration]) {
        expect(await db.select().from(table).where(eq(table.userId, userId))).toEqual([]);
      }
    });

    it('deletes the server settings of a deleted email account', async () => {
      const userId = await createUser();
      const [account] = await db.insert(emailAccounts).values({ userId, email: 'me@example.com' }).returning();
      await db.insert(emailServerConfig).values({
        userId,
        emailAccountId: account!.id,
        serverType: 'smtp',
        serverHost: 'h',
        serverPort: 587,
        username: 'me',
        passwordEncrypted: 'x',
      });
      await db.delete(emailAccounts).where(eq(emailAccounts.id, account!.id));
      expect(await db.select().from(emailServerConfig).where(eq(emailServerConfig.userId, userId))).toEqual([]);
    });
  });

  describe('uniqueness', () => {
    it('allows only one default pipeline per workspace', async () => {
      const userId = await createUser();
      await createPipeline(userId, true);
      await createPipeline(userId, false);
      const error = await failure(createPipeline(userId, true));
      expect(error).toMatchObject({ code: uniqueViolation, constraint: 'pipelines_one_default_per_workspace_idx' });
      // Another user's workspace has its own default.
      await createPipeline(await createUser(), true);
    });

    it('stores a form submission once per idempotency key and form', async () => {
      const userId = await createUser();
      const [first] = await db.insert(forms).values({ userId, workspaceId: userId, name: 'A' }).returning();
      const [second] = await db.insert(forms).values({ userId, workspaceId: userId, name: 'B' }).returning();
      await db.insert(formSubmissions).values({ formId: first!.id, userId, workspaceId: userId, idempotencyKey: 'k1' });
      const error = await failure(
        db.insert(formSubmissions).values({ formId: first!.id, userId, workspaceId: userId, idempotencyKey: 'k1' }),
      );
      expect(error).toMatchObject({
        code: uniqueViolation,
        constraint: 'form_submissions_form_idempotency_key_unique',
      });
      await db
        .insert(formSubmissions)
        .values({ formId: second!.id, userId, workspaceId: userId, idempotencyKey: 'k1' });
      // Without a key, nothing is deduplicated.
      await db.insert(formSubmissions).values([
        { formId: first!.id, userId, workspaceId: userId },
        { formId: first!.id, userId, workspaceId: userId },
      ]);
      await db.delete(forms).where(eq(forms.id, first!.id));
      expect(await db.select().from(formSubmissions).where(eq(formSubmissions.formId, first!.id))).toEqual([]);
    });

    it('rejects a booking that ends before it starts and a second scheduled booking overlapping one', async () => {
      const userId = await createUser();
      const start = new Date('2030-03-04T09:00:00Z');
      const end = new Date('2030-03-04T09:30:00Z');
      const booker = { userId, bookerName: 'Bo', bookerEmail: 'bo@example.com' };
      const reversed = await failure(
        db.insert(bookings).values({ ...booker, scheduledStartTime: end, scheduledEndTime: start }),
      );
      expect(reversed).toMatchObject({ code: checkViolation, constraint: 'bookings_end_after_start' });
      await db
        .insert(bookings)
        .values({ ...booker, scheduledStartTime: start, scheduledEndTime: end, status: 'Cancelled' });
      await db.insert(bookings).values({ ...booker, scheduledStartTime: start, scheduledEndTime: end });
      const twice = await failure(
        db.insert(bookings).values({ ...booker, scheduledStartTime: start, scheduledEndTime: end }),
      );
      expect(twice).toMatchObject({ code: '23P01', constraint: 'bookings_no_overlap' });
      // Overlapping without the same start is refused too (migration 0005); touching end to start is not an overlap.
      const overlapping = await failure(
        db.insert(bookings).values({
          ...booker,
          scheduledStartTime: new Date(+start - 60_000),
          scheduledEndTime: new Date(+start + 60_000),
        }),
      );
      expect(overlapping).toMatchObject({ code: '23P01', constraint: 'bookings_no_overlap' });
      await db
        .insert(bookings)
        .values({ ...booker, scheduledStartTime: end, scheduledEndTime: new Date(+end + 60_000) });
      const badStatus = await failure(
        db
          .insert(bookings)
          .values({ ...booker, scheduledStartTime: end, scheduledEndTime: new Date(+end + 60_000), status: 'Pending' }),
      );
      expect(badStatus).toMatchObject({ code: checkViolation, constraint: 'bookings_status_check' });
    });

    it('keeps one availability row per user and weekday, and one ICS token per user', async () => {
      const userId = await createUser();
      await db.insert(schedulingAvailability).values({ userId, dayOfWeek: 2 });
      expect(await failure(db.insert(schedulingAvailability).values({ userId, dayOfWeek: 2 }))).toMatchObject({
        code: uniqueViolation,
      });
      await db.insert(calendarIntegration).values({ userId, icsToken: 'shared' });
      const error = await failure(
        db.insert(calendarIntegration).values({ userId: await createUser(), icsToken: 'shared' }),
      );
      expect(error).toMatchObject({ code: uniqueViolation, constraint: 'calendar_integration_ics_token_unique' });
    });
  });
});

describe('triggers', () => {
  it('are those that the schema file of each table names, and no others', async () => {
    const rows = await selectRows<{ table: string; name: string }>(
      db,
      sql`select c.relname as table, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where not t.tgisinternal order by c.relname, t.tgname`,
    );
    const found: Record<string, string[]> = {};
    for (const { table, name } of rows) (found[table] ??= []).push(name);
    expect(found).toEqual({
      api_keys: [...apiKeysTriggers].sort(),
      auth_users: [...authUsersTriggers].sort(),
      contacts: [...contactsTriggers].sort(),
      deals: [...dealsTriggers].sort(),
      projects: [...projectsTriggers].sort(),
      tasks: [...tasksTriggers].sort(),
      users: [...usersTriggers].sort(),
      webhook_endpoints: [...webhookEndpointsTriggers].sort(),
      workspace_members: [...workspaceMembersTriggers].sort(),
      workspaces: [...workspacesTriggers].sort(),
    });
  });
});
