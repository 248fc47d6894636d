import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPipelineStages } from '@common/constants';
import { openTestDatabase } from '../test/test-app';
import type { Database, Db } from './client';
import { selectRows } from './select-rows';
import {
  authUsers,
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
  schedulingSettings,
  taskCategories,
  tasks,
  tasksTriggers,
  userAiConfig,
  users,
} from './schema';

// The schema as the migrations build it, on a fresh embedded Postgres. The API tests cover the rules
// services add on top.

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

interface PgError {
  code?: string;
  constraint?: string;
}

/** Runs a statement that must fail and returns the database's error (drizzle wraps it in `cause`). */
async function failure(statement: PromiseLike<unknown>): Promise<PgError> {
  try {
    await statement;
  } catch (error) {
    return ((error as { cause?: unknown }).cause ?? error) as PgError;
  }
  throw new Error('expected the statement to be rejected');
}

const checkViolation = '23514';
const uniqueViolation = '23505';
// ON DELETE RESTRICT reports restrict_violation (23001) from PostgreSQL 16 on, foreign_key_violation before.
const restrictViolations = ['23001', '23503'];

let userCount = 0;
async function createUser() {
  const email = `user${++userCount}@example.com`;
  const [auth] = await db.insert(authUsers).values({ name: 'Ann', email }).returning();
  await db.insert(users).values({ id: auth!.id, email });
  return auth!.id;
}

async function createPipeline(userId: string, isDefault = false) {
  const [row] = await db.insert(pipelines).values({ userId, name: 'Sales', isDefault }).returning();
  return row!;
}

async function createDeal(userId: string, pipelineId: string, values: Partial<typeof deals.$inferInsert> = {}) {
  const [row] = await db
    .insert(deals)
    .values({ userId, pipelineId, name: 'Acme', ...values })
    .returning();
  return row!;
}

describe('database schema', () => {
  describe('defaults', () => {
    it('gives a new pipeline the six default stages, not default', async () => {
      const pipeline = await createPipeline(await createUser());
      expect(pipeline.stages).toEqual([...defaultPipelineStages]);
      expect(pipeline.stages).toEqual(['Lead', 'Contact Made', 'Proposal Sent', 'Negotiation', 'Won', 'Lost']);
      expect(pipeline.isDefault).toBe(false);
    });

    it('starts a task as To Do, not a milestone, and a project as Not Started', async () => {
      const userId = await createUser();
      const [task] = await db.insert(tasks).values({ userId, name: 'Call back' }).returning();
      expect(task).toMatchObject({ status: 'To Do', isMilestone: false, projectId: null, dealId: null });
      const [project] = await db.insert(projects).values({ userId, name: 'Launch' }).returning();
      expect(project!.status).toBe('Not Started');
    });

    it('gives a deal USD, an empty value and the Lead stage; keeps two decimals', async () => {
      const userId = await createUser();
      const pipeline = await createPipeline(userId);
      expect(await createDeal(userId, pipeline.id)).toMatchObject({ currency: 'USD', value: null, stage: 'Lead' });
      expect((await createDeal(userId, pipeline.id, { value: '1234.5' })).value).toBe('1234.50');
    });

    it('fills the other defaults of the spec', async () => {
      const userId = await createUser();
      const pipeline = await createPipeline(userId);
      const deal = await createDeal(userId, pipeline.id);
      const [category] = await db.insert(taskCategories).values({ userId, name: 'Calls' }).returning();
      expect(category!.color).toBe('#94A3B8');
      const [activity] = await db
        .insert(dealActivities)
        .values({ dealId: deal.id, userId, activityType: 'call', description: 'Intro', dueDate: new Date() })
        .returning();
      expect(activity).toMatchObject({ priority: 'medium', status: 'pending', completedAt: null });
      const [form] = await db.insert(forms).values({ userId, name: 'Lead form' }).returning();
      expect(form!.fields).toEqual([]);
      expect(form!.settings).toMatchObject({ autoCreateDeal: false, dealStage: 'Lead', notifyOnSubmission: true });
      expect(form!.settings.successMessage).toBe('Thank you for your submission!');
      expect(form!.style).toMatchObject({ primaryColor: '#3B82F6', backgroundColor: '#FFFFFF', borderRadius: 'md' });
      const [settings] = await db.insert(schedulingSettings).values({ userId, timezone: 'Europe/Paris' }).returning();
      expect(settings).toMatchObject({ timeFormat: '24h', minNoticeMinutes: 0, maxAdvanceDays: 90 });
      const [day] = await db.insert(schedulingAvailability).values({ userId, dayOfWeek: 1 }).returning();
      expect(day).toMatchObject({ isAvailable: false, startTime: '09:00', endTime: '17:00' });
      const start = new Date('2030-01-07T10:00:00Z');
      const [booking] = await db
        .insert(bookings)
        .values({
          userId,
          scheduledStartTime: start,
          scheduledEndTime: new Date(+start + 1_800_000),
          bookerName: 'Bo',
          bookerEmail: 'bo@example.com',
        })
        .returning();
      expect(booking!.status).toBe('Scheduled');
      const [account] = await db.insert(emailAccounts).values({ userId, email: 'me@example.com' }).returning();
      expect(account!.provider).toBe('custom');
      const [server] = await db
        .insert(emailServerConfig)
        .values({
          userId,
          emailAccountId: account!.id,
          serverType: 'smtp',
          serverHost: 'smtp.example.com',
          serverPort: 587,
          username: 'me',
          passwordEncrypted: 'x',
        })
        .returning();
      expect(server).toMatchObject({ useSsl: true, authMethod: 'plain' });
    });
  });

  describe('allowed values', () => {
    it('rejects a project status outside the five board columns', async () => {
      const userId = await createUser();
      const error = await failure(db.insert(projects).values({ userId, name: 'Launch', status: 'Done' }));
      expect(error).toMatchObject({ code: checkViolation, constraint: 'projects_status_check' });
      await db.insert(projects).values({ userId, name: 'Launch', status: 'Review' });
    });

    it('rejects a task status other than To Do, In Progress, Done', async () => {
      const userId = await createUser();
      const error = await failure(db.insert(tasks).values({ userId, name: 'Call', status: 'Blocked' }));
      expect(error).toMatchObject({ code: checkViolation, constraint: 'tasks_status_check' });
    });

    it('rejects an unknown currency and a negative deal value', async () => {
      const userId = await createUser();
      const { id: pipelineId } = await createPipeline(userId);
      expect(await failure(createDeal(userId, pipelineId, { currency: 'BTC' }))).toMatchObject({
        code: checkViolation,
        constraint: 'deals_currency_check',
      });
      expect(await failure(createDeal(userId, pipelineId, { value: '-0.01' }))).toMatchObject({
        code: checkViolation,
        constraint: 'deals_value_not_negative',
      });
      expect((await createDeal(userId, pipelineId, { value: '0', currency: 'JPY' })).value).toBe('0.00');
    });

    it('rejects out-of-range settings, times, ports, providers and colours', async () => {
      const userId = await createUser();
      const rejected: [PromiseLike<unknown>, string][] = [
        [
          db.insert(schedulingSettings).values({ userId, timezone: 'UTC', minNoticeMinutes: 1441 }),
          'scheduling_settings_min_notice_check',
        ],
        [
          db.insert(schedulingSettings).values({ userId, timezone: 'UTC', maxAdvanceDays: 0 }),
          'scheduling_settings_max_advance_check',
        ],
        [
          db.insert(schedulingSettings).values({ userId, timezone: 'UTC', timeFormat: '24' }),
          'scheduling_settings_time_format_check',
        ],
        [db.insert(schedulingAvailability).values({ userId, dayOfWeek: 7 }), 'scheduling_availability_day_check'],
        [
          db.insert(schedulingAvailability).values({ userId, dayOfWeek: 0, startTime: '09:15' }),
          'scheduling_availability_start_check',
        ],
        [
          db.insert(schedulingAvailability).values({ userId, dayOfWeek: 0, endTime: '24:00' }),
          'scheduling_availability_end_check',
        ],
        [
          db.insert(userAiConfig).values({ userId, provider: 'mistral', apiKeyEncrypted: 'x', model: 'm' }),
          'user_ai_config_provider_check',
        ],
        [
          db.insert(userAiConfig).values({ userId, provider: 'openai', apiKeyEncrypted: 'x', model: ' ' }),
          'user_ai_config_model_not_blank',
        ],
        [db.insert(taskCategories).values({ userId, name: 'Calls', color: 'red' }), 'task_categories_color_check'],
        [
          db.insert(emailAccounts).values({ userId, email: 'me@example.com', provider: 'gmail' }),
          'email_accounts_provider_check',
        ],
      ];
      for (const [statement, constraint] of rejected) {
        expect(await failure(statement)).toMatchObject({ code: checkViolation, constraint });
      }
      await db.insert(schedulingAvailability).values({ userId, dayOfWeek: 6, startTime: '00:00', endTime: '23:30' });
    });

    it('rejects an activity of an unknown type, priority or status, and completed without completed_at', async () => {
      const userId = await createUser();
      const deal = await createDeal(userId, (await createPipeline(userId)).id);
      const base = { dealId: deal.id, userId, activityType: 'call', description: 'Intro', dueDate: new Date() };
      const cases: [Partial<typeof dealActivities.$inferInsert>, string][] = [
        [{ activityType: 'visit' }, 'deal_activities_type_check'],
        [{ priority: 'urgent' }, 'deal_activities_priority_check'],
        [{ status: 'done' }, 'deal_activities_status_check'],
        [{ status: 'completed' }, 'deal_activities_completed_at_check'],
        [{ description: '  ' }, 'deal_activities_description_not_blank'],
      ];
      for (const [values, constraint] of cases) {
        const error = await failure(db.insert(dealActivities).values({ ...base, ...values }));
        expect(error).toMatchObject({ code: checkViolation, constraint });
      }
      await db.insert(dealActivities).values({ ...base, status: 'completed', completedAt: new Date() });
    });

    it('rejects a mail server of an unknown type, auth method or port', async () => {
      const userId = await createUser();
      const [account] = await db.insert(emailAccounts).values({ userId, email: 'me@example.com' }).returning();
      const base = {
        userId,
        emailAccountId: account!.id,
        serverType: 'pop3',
        serverHost: 'pop.example.com',
        serverPort: 995,
        username: 'me',
        passwordEncrypted: 'x',
      };
      const cases: [Partial<typeof emailServerConfig.$inferInsert>, string][] = [
        [{ serverType: 'exchange' }, 'email_server_config_server_type_check'],
        [{ authMethod: 'oauth' }, 'email_server_config_auth_method_check'],
        [{ serverPort: 0 }, 'email_server_config_port_check'],
        [{ serverPort: 65536 }, 'email_server_config_port_check'],
      ];
      for (const [values, constraint] of cases) {
        const error = await failure(db.insert(emailServerConfig).values({ ...base, ...values }));
        expect(error).toMatchObject({ code: checkViolation, constraint });
      }
    });
  });

  describe('links between records', () => {
    it('deletes the activities of a deleted deal and unlinks its tasks', async () => {
      const userId = await createUser();
      const deal = await createDeal(userId, (await createPipeline(userId)).id);
      await db
        .insert(dealActivities)
        .values({ dealId: deal.id, userId, activityType: 'email', description: 'Send deck', dueDate: new Date() });
      const [task] = await db.insert(tasks).values({ userId, name: 'Prepare deck', dealId: deal.id }).returning();
      await db.delete(deals).where(eq(deals.id, deal.id));
      expect(await db.select().from(dealActivities).where(eq(dealActivities.dealId, deal.id))).toEqual([]);
      const [after] = await db.select().from(tasks).where(eq(tasks.id, task!.id));
      expect(after!.dealId).toBeNull();
    });

    it('keeps the task of a deleted project, with project_id null', async () => {
      const userId = await createUser();
      const [project] = await db.insert(projects).values({ userId, name: 'Launch' }).returning();
      const [task] = await db.insert(tasks).values({ userId, name: 'Kick-off', projectId: project!.id }).returning();
      await db.delete(projects).where(eq(projects.id, project!.id));
      const [after] = await db.select().from(tasks).where(eq(tasks.id, task!.id));
      expect(after).toMatchObject({ name: 'Kick-off', projectId: null });
    });

    it('rejects a task linked to both a project and a deal', async () => {
      const userId = await createUser();
      const [project] = await db.insert(projects).values({ userId, name: 'Launch' }).returning();
      const deal = await createDeal(userId, (await createPipeline(userId)).id);
      const error = await failure(
        db.insert(tasks).values({ userId, name: 'Both', projectId: project!.id, dealId: deal.id }),
      );
      expect(error).toMatchObject({ code: checkViolation, constraint: 'tasks_project_or_deal_check' });
    });

    it('unlinks deals and submissions from a deleted contact', async () => {
      const userId = await createUser();
      const [contact] = await db.insert(contacts).values({ userId, name: 'Cy' }).returning();
      const deal = await createDeal(userId, (await createPipeline(userId)).id, { contactId: contact!.id });
      const [form] = await db.insert(forms).values({ userId, name: 'Lead form' }).returning();
      const [submission] = await db
        .insert(formSubmissions)
        .values({ formId: form!.id, userId, data: { a: 'b' }, createdContactId: contact!.id, createdDealId: deal.id })
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
      await db
        .insert(dealActivities)
        .values({ dealId: deal.id, userId, activityType: 'call', description: 'Call', dueDate: new Date() });
      await db.insert(tasks).values({ userId, name: 'Follow up', dealId: deal.id });
      const [form] = await db.insert(forms).values({ userId, name: 'Lead form' }).returning();
      await db.insert(formSubmissions).values({ formId: form!.id, userId, createdDealId: deal.id });
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
    it('allows only one default pipeline per user', async () => {
      const userId = await createUser();
      await createPipeline(userId, true);
      await createPipeline(userId, false);
      const error = await failure(createPipeline(userId, true));
      expect(error).toMatchObject({ code: uniqueViolation, constraint: 'pipelines_one_default_per_user_idx' });
      // Another user has their own default.
      await createPipeline(await createUser(), true);
    });

    it('stores a form submission once per idempotency key and form', async () => {
      const userId = await createUser();
      const [first] = await db.insert(forms).values({ userId, name: 'A' }).returning();
      const [second] = await db.insert(forms).values({ userId, name: 'B' }).returning();
      await db.insert(formSubmissions).values({ formId: first!.id, userId, idempotencyKey: 'k1' });
      const error = await failure(
        db.insert(formSubmissions).values({ formId: first!.id, userId, idempotencyKey: 'k1' }),
      );
      expect(error).toMatchObject({
        code: uniqueViolation,
        constraint: 'form_submissions_form_idempotency_key_unique',
      });
      await db.insert(formSubmissions).values({ formId: second!.id, userId, idempotencyKey: 'k1' });
      // Without a key, nothing is deduplicated.
      await db.insert(formSubmissions).values([
        { formId: first!.id, userId },
        { formId: first!.id, userId },
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
      contacts: [...contactsTriggers].sort(),
      deals: [...dealsTriggers].sort(),
      projects: [...projectsTriggers].sort(),
      tasks: [...tasksTriggers].sort(),
    });
  });
});
