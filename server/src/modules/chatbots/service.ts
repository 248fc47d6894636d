import { sql, type SQL } from 'drizzle-orm';
import { flowDefinitionSchema, type FlowDefinition } from '@common/chatbot-flow';
import { answerThenCaptureTemplate } from '@common/chatbot-templates';
import {
  chatbotMessages,
  type ChatbotDetail,
  type ChatbotFlow,
  type chatbotCreateSchema,
  type chatbotUpdateSchema,
} from '@common/chatbots';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { beforeKey, keysetPage } from '../../db/keyset';
import { visibleSql, type Member } from '../../db/member-scope';
import { selectRows } from '../../db/select-rows';
import { AppError } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';
import { iso, isoOrNull, readJson, toJsonb } from './sql';

// The workspace's chatbots (issue "AI chatbot"), as the member sees them: the list, one bot with its draft, and its
// settings.

export const chatbotNotFound = () => new AppError(404, chatbotMessages.notFound);

/**
 * Conversations of the last 7 days of the bot `f`, the owner's previews left out: a count over
 * chatbot_conversations_bot_created_idx, in the query of the list or the bot itself (never one query per bot).
 */
const conversationsThisWeek = sql`(select count(*)::int from chatbot_conversations c
    where c.chatbot_id = f.id and c.created_at > now() - interval '7 days' and not c.preview)`;

interface ChatbotFlowRow {
  id: string;
  name: string;
  description: string | null;
  is_active: boolean;
  created_at: string;
  created_key: string;
  conversations_this_week: number;
}

export interface ChatbotListQuery {
  limit: number;
  before: CursorKey | null;
}

/** A page of the flows the member sees, newest first, before a position: chatbot_flows_workspace_created_idx answers it. */
export function listSql(member: Member, { limit, before }: ChatbotListQuery): SQL {
  return sql`select f.id, f.name, f.description, f.is_active,
      ${iso('f.created_at')} as created_at, ${iso('f.created_at', 'US')} as created_key,
      ${conversationsThisWeek} as conversations_this_week
    from chatbot_flows f
    where ${visibleSql(member, { alias: 'f' })}
      ${before ? sql`and ${beforeKey(sql`f.created_at`, sql`f.id`, before)}` : sql``}
    order by f.created_at desc, f.id desc
    limit ${limit + 1}`;
}

export async function listChatbotFlows(
  db: Db,
  member: Member,
  query: ChatbotListQuery,
): Promise<KeysetPage<ChatbotFlow>> {
  const rows = await selectRows<ChatbotFlowRow>(db, listSql(member, query));
  return keysetPage(rows, query.limit, (row) => [row.created_key, row.id], toChatbotFlow);
}

function toChatbotFlow(row: Omit<ChatbotFlowRow, 'created_key'>): ChatbotFlow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.is_active,
    createdAt: row.created_at,
    conversationsThisWeek: row.conversations_this_week,
  };
}

interface ChatbotDetailRow extends Omit<ChatbotFlowRow, 'created_key'> {
  draft_flow: unknown;
  published_at: string | null;
  has_unpublished_changes: boolean;
  answer_only_from_knowledge: boolean;
  max_ai_answers_per_day: number;
  ai_error: string | null;
  ai_error_at: string | null;
  updated_at: string;
}

/** A bot as its page shows it; the draft and the published version are compared by the database (jsonb equality). */
const detailColumns = sql`f.id, f.name, f.description, f.is_active, ${iso('f.created_at')} as created_at,
    ${conversationsThisWeek} as conversations_this_week, f.draft_flow, ${isoOrNull('f.published_at')} as published_at,
    f.published_flow is distinct from f.draft_flow as has_unpublished_changes,
    f.answer_only_from_knowledge, f.max_ai_answers_per_day, f.ai_error, ${isoOrNull('f.ai_error_at')} as ai_error_at,
    ${iso('f.updated_at')} as updated_at`;

function toChatbotDetail(row: ChatbotDetailRow): ChatbotDetail {
  return {
    ...toChatbotFlow(row),
    draftFlow: readJson(row.draft_flow),
    publishedAt: row.published_at,
    hasUnpublishedChanges: row.has_unpublished_changes,
    answerOnlyFromKnowledge: row.answer_only_from_knowledge,
    maxAiAnswersPerDay: row.max_ai_answers_per_day,
    aiError: row.ai_error && row.ai_error_at ? { message: row.ai_error, at: row.ai_error_at } : null,
    updatedAt: row.updated_at,
  };
}

/** A bot the member sees, with its draft; any other or an unknown one: 404. */
export async function getChatbot(db: Db | Tx, member: Member, id: string): Promise<ChatbotDetail> {
  const [row] = await selectRows<ChatbotDetailRow>(
    db,
    sql`select ${detailColumns} from chatbot_flows f where f.id = ${id} and ${visibleSql(member, { alias: 'f' })}`,
  );
  if (!row) throw chatbotNotFound();
  return toChatbotDetail(row);
}

/** A new bot: the "Answer questions, then capture the lead" template as its draft, off and never published. */
export async function createChatbot(
  db: Db,
  member: Member,
  input: z.output<typeof chatbotCreateSchema>,
): Promise<ChatbotDetail> {
  const draft = toJsonb(answerThenCaptureTemplate());
  const [row] = await selectRows<ChatbotDetailRow>(
    db,
    sql`with f as (
        insert into chatbot_flows (workspace_id, user_id, name, description, is_active, draft_flow)
        values (${member.workspaceId}, ${member.userId}, ${input.name}, ${input.description}, false, ${draft}::jsonb)
        returning *)
      select ${detailColumns} from f`,
  );
  return toChatbotDetail(row!);
}

/** The draft as the builder sent it, checked by the flow's schema; each problem named by its path. */
export function parseDraft(value: unknown): FlowDefinition {
  const parsed = flowDefinitionSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[['draftFlow', ...issue.path.map(String)].join('.')] ??= issue.message;
  throw new AppError(400, Object.values(fields)[0] ?? 'Invalid flow', fields);
}

/**
 * Changes the fields given; the draft is checked first, and a bot never published cannot be turned on (visitors
 * would have nothing to run). The row is locked while it is read and written, so a publish cannot slip between.
 */
export async function updateChatbot(
  db: Db,
  member: Member,
  id: string,
  input: z.output<typeof chatbotUpdateSchema>,
): Promise<ChatbotDetail> {
  const draft = input.draftFlow === undefined ? undefined : parseDraft(input.draftFlow);
  return db.transaction(async (tx) => {
    const [current] = await selectRows<{ is_published: boolean }>(
      tx,
      sql`select published_flow is not null as is_published from chatbot_flows
        where id = ${id} and ${visibleSql(member)} for update`,
    );
    if (!current) throw chatbotNotFound();
    if (input.isActive && !current.is_published)
      throw new AppError(422, chatbotMessages.publishBeforeActivating, {
        isActive: chatbotMessages.publishBeforeActivating,
      });
    const changes: SQL[] = [];
    if (input.name !== undefined) changes.push(sql`name = ${input.name}`);
    if (input.description !== undefined) changes.push(sql`description = ${input.description}`);
    if (input.isActive !== undefined) changes.push(sql`is_active = ${input.isActive}`);
    if (draft !== undefined) changes.push(sql`draft_flow = ${toJsonb(draft)}::jsonb`);
    if (input.answerOnlyFromKnowledge !== undefined)
      changes.push(sql`answer_only_from_knowledge = ${input.answerOnlyFromKnowledge}`);
    if (input.maxAiAnswersPerDay !== undefined) changes.push(sql`max_ai_answers_per_day = ${input.maxAiAnswersPerDay}`);
    if (changes.length === 0) return getChatbot(tx, member, id);
    const [row] = await selectRows<ChatbotDetailRow>(
      tx,
      sql`with f as (
          update chatbot_flows set ${sql.join([...changes, sql`updated_at = now()`], sql`, `)}
          where id = ${id} and ${visibleSql(member)}
          returning *)
        select ${detailColumns} from f`,
    );
    return toChatbotDetail(row!);
  });
}

/** Its knowledge, conversations and AI use go with it (ON DELETE CASCADE); contacts, deals and bookings stay. */
export async function deleteChatbot(db: Db, member: Member, id: string): Promise<void> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`delete from chatbot_flows where id = ${id} and ${visibleSql(member)} returning id`,
  );
  if (!rows.length) throw chatbotNotFound();
}
