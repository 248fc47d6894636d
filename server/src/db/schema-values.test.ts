import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPipelineStages } from '@common/constants';
import { checkViolation, failure, schemaRows } from '../test/schema-kit';
import { openTestDatabase } from '../test/test-app';
import type { Database, Db } from './client';
import {
  bookings,
  dealActivities,
  emailAccounts,
  emailServerConfig,
  forms,
  projects,
  schedulingAvailability,
  schedulingSettings,
  taskCategories,
  tasks,
  userAiConfig,
} from './schema';

// The schema as the migrations build it, on a fresh embedded Postgres: its defaults and the values it allows. Links
// between records, uniqueness and triggers: schema-integrity.test.ts. The API tests cover the rules services add on
// top.

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
  describe('defaults', () => {
    it('gives a new pipeline the six default stages, not default', async () => {
      const pipeline = await createPipeline(await createUser());
      expect(pipeline.stages).toEqual([...defaultPipelineStages]);
      expect(pipeline.stages).toEqual(['Lead', 'Contact Made', 'Proposal Sent', 'Negotiation', 'Won', 'Lost']);
      expect(pipeline.isDefault).toBe(false);
    });

    it('starts a task as To Do, not a milestone, and a project as Not Started', async () => {
      const userId = await createUser();
      const [task] = await db.insert(tasks).values({ userId, workspaceId: userId, name: 'Call back' }).returning();
      expect(task).toMatchObject({ status: 'To Do', isMilestone: false, projectId: null, dealId: null });
      const [project] = await db.insert(projects).values({ userId, workspaceId: userId, name: 'Launch' }).returning();
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
      const [category] = await db
        .insert(taskCategories)
        .values({ userId, workspaceId: userId, name: 'Calls' })
        .returning();
      expect(category!.color).toBe('#94A3B8');
      const [activity] = await db
        .insert(dealActivities)
        .values({
          dealId: deal.id,
          userId,
          workspaceId: userId,
          activityType: 'call',
          description: 'Intro',
          dueDate: new Date(),
        })
        .returning();
      expect(activity).toMatchObject({ priority: 'medium', status: 'pending', completedAt: null });
      const [form] = await db.insert(forms).values({ userId, workspaceId: userId, name: 'Lead form' }).returning();
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
      const error = await failure(
        db.insert(projects).values({ userId, workspaceId: userId, name: 'Launch', status: 'Done' }),
      );
      expect(error).toMatchObject({ code: checkViolation, constraint: 'projects_status_check' });
      await db.insert(projects).values({ userId, workspaceId: userId, name: 'Launch', status: 'Review' });
    });

    it('rejects a task status other than To Do, In Progress, Done', async () => {
      const userId = await createUser();
      const error = await failure(
        db.insert(tasks).values({ userId, workspaceId: userId, name: 'Call', status: 'Blocked' }),
      );
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
        [
          db.insert(taskCategories).values({ userId, workspaceId: userId, name: 'Calls', color: 'red' }),
          'task_categories_color_check',
        ],
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
      const base = {
        dealId: deal.id,
        userId,
        workspaceId: userId,
        activityType: 'call',
        description: 'Intro',
        dueDate: new Date(),
      };
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
});
