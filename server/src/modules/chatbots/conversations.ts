import { sql, type SQL } from 'drizzle-orm';
import { chatbotMessages, type ChatMessage, type ConversationDetail, type ConversationSummary } from '@common/chatbots';
import type { Db } from '../../db/client';
import { beforeKey, keysetPage } from '../../db/keyset';
import { visibleSql, type Member } from '../../db/member-scope';
import { selectRows } from '../../db/select-rows';
import { AppError } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';
import { chatbotNotFound } from './service';
import { iso, readJson } from './sql';

// A bot's conversations as the members who see the bot read them (issue "AI chatbot"); the visitor's side writes
// them. The previews of the draft are left out.

interface SummaryRow {
  id: string;
  created_at: string;
  created_key: string;
  updated_at: string;
  visitor_name: string | null;
  visitor_email: string | null;
  finished: boolean;
  contact_id: string | null;
  deal_id: string | null;
  booking_id: string | null;
}

const summaryColumns = sql`c.id, ${iso('c.created_at')} as created_at, ${iso('c.created_at', 'US')} as created_key,
    ${iso('c.updated_at')} as updated_at, c.visitor_name, c.visitor_email,
    coalesce(c.state->>'finished' = 'true', false) as finished, c.contact_id, c.deal_id, c.booking_id`;

function toSummary(row: SummaryRow): ConversationSummary {
  return {
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    visitorName: row.visitor_name,
    visitorEmail: row.visitor_email,
    finished: row.finished,
    contactId: row.contact_id,
    dealId: row.deal_id,
    bookingId: row.booking_id,
  };
}

export interface ConversationListQuery {
  limit: number;
  before: CursorKey | null;
  q?: string | undefined;
}

/**
 * A conversation matching the search: a word of its transcript (chatbot_messages_search_idx, the 'simple'
 * configuration: names and e-mail addresses are not stemmed), or a part of the visitor's name or e-mail.
 */
function matching(q: string | undefined): SQL {
  if (!q) return sql``;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`and (c.visitor_name ilike ${pattern} or c.visitor_email ilike ${pattern}
    or exists (select 1 from chatbot_messages m
      where m.conversation_id = c.id and m.search @@ websearch_to_tsquery('simple', ${q})))`;
}

/**
 * The list's query itself, once the bot was found visible to the member (its conversations are in its workspace):
 * newest first, before a position, through chatbot_conversations_bot_created_idx. No workspace condition here: with
 * one, PostgreSQL may walk the workspace's index instead and sort.
 */
export function conversationsSql(chatbotId: string, { limit, before, q }: ConversationListQuery): SQL {
  return sql`select ${summaryColumns} from chatbot_conversations c
    where c.chatbot_id = ${chatbotId} and not c.preview
      ${before ? sql`and ${beforeKey(sql`c.created_at`, sql`c.id`, before)}` : sql``}
      ${matching(q)}
    order by c.created_at desc, c.id desc
    limit ${limit + 1}`;
}

export async function listConversations(
  db: Db,
  member: Member,
  chatbotId: string,
  query: ConversationListQuery,
): Promise<KeysetPage<ConversationSummary>> {
  const [bot] = await selectRows<{ id: string }>(
    db,
    sql`select id from chatbot_flows where id = ${chatbotId} and ${visibleSql(member)}`,
  );
  if (!bot) throw chatbotNotFound();
  const rows = await selectRows<SummaryRow>(db, conversationsSql(chatbotId, query));
  return keysetPage(rows, query.limit, (row) => [row.created_key, row.id], toSummary);
}

interface DetailRow extends SummaryRow {
  variables: unknown;
  messages: unknown;
  contact_name: string | null;
  deal_name: string | null;
  booking_start: string | null;
}

/**
 * One conversation of a bot the member sees, with its transcript in order (chatbot_messages_conversation_idx) and
 * what it produced, in one query. A contact, deal or booking since deleted shows as none (the conversation's links
 * are SET NULL).
 */
export async function getConversation(
  db: Db,
  member: Member,
  chatbotId: string,
  conversationId: string,
): Promise<ConversationDetail> {
  const [row] = await selectRows<DetailRow>(
    db,
    sql`select ${summaryColumns}, c.state->'variables' as variables,
        ct.name as contact_name, d.name as deal_name,
        case when b.id is null then null else ${iso('b.scheduled_start_time')} end as booking_start,
        (select coalesce(json_agg(json_build_object('role', m.role, 'text', m.text, 'sources', m.sources,
            'createdAt', ${iso('m.created_at')}) order by m.created_at, m.id), '[]'::json)
          from chatbot_messages m where m.conversation_id = c.id and m.workspace_id = c.workspace_id) as messages
      from chatbot_conversations c
      join chatbot_flows f on f.id = c.chatbot_id and ${visibleSql(member, { alias: 'f' })}
      left join contacts ct on ct.id = c.contact_id and ct.workspace_id = c.workspace_id
      left join deals d on d.id = c.deal_id and d.workspace_id = c.workspace_id
      left join bookings b on b.id = c.booking_id and b.user_id = c.user_id
      where c.id = ${conversationId} and c.chatbot_id = ${chatbotId} and c.workspace_id = ${member.workspaceId}
        and not c.preview`,
  );
  if (!row) throw new AppError(404, chatbotMessages.conversationNotFound);
  return {
    ...toSummary(row),
    variables: readVariables(row.variables),
    messages: readMessages(row.messages),
    contact: row.contact_id && row.contact_name !== null ? { id: row.contact_id, name: row.contact_name } : null,
    deal: row.deal_id && row.deal_name !== null ? { id: row.deal_id, name: row.deal_name } : null,
    booking: row.booking_id && row.booking_start !== null ? { id: row.booking_id, start: row.booking_start } : null,
  };
}

/** The state's variables: text values only (the state is the engine's JSON, checked when it was written). */
function readVariables(value: unknown): Record<string, string> {
  const variables = readJson(value);
  if (!variables || typeof variables !== 'object' || Array.isArray(variables)) return {};
  return Object.fromEntries(
    Object.entries(variables).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function readMessages(value: unknown): ChatMessage[] {
  const messages = readJson(value);
  if (!Array.isArray(messages)) return [];
  return messages.map((message: Record<string, unknown>) => ({
    role: message.role === 'visitor' ? 'visitor' : 'bot',
    text: typeof message.text === 'string' ? message.text : '',
    sources: Array.isArray(message.sources) ? message.sources.map(String) : [],
    createdAt: typeof message.createdAt === 'string' ? message.createdAt : '',
  }));
}
