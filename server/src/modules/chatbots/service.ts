import { sql, type SQL } from 'drizzle-orm';
import type { ChatbotFlow } from '@common/chatbots';
import type { Db } from '../../db/client';
import { beforeKey, keysetPage } from '../../db/keyset';
import { selectRows } from '../../db/select-rows';
import type { CursorKey, KeysetPage } from '../../http/cursor';

/** ISO 8601 in UTC; `US` keeps the microseconds a cursor needs (rows made in one statement share a millisecond). */
const iso = (column: string, precision: 'MS' | 'US') =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${precision}"Z"')`);

interface ChatbotFlowRow {
  id: string;
  name: string;
  description: string | null;
  is_active: boolean;
  created_at: string;
  created_key: string;
}

export interface ChatbotListQuery {
  limit: number;
  before: CursorKey | null;
}

/** A page of the user's flows, newest first, before a position: chatbot_flows_user_created_idx answers it. */
export function listSql(userId: string, { limit, before }: ChatbotListQuery): SQL {
  return sql`select f.id, f.name, f.description, f.is_active,
      ${iso('f.created_at', 'MS')} as created_at, ${iso('f.created_at', 'US')} as created_key
    from chatbot_flows f
    where f.user_id = ${userId}
      ${before ? sql`and ${beforeKey(sql`f.created_at`, sql`f.id`, before)}` : sql``}
    order by f.created_at desc, f.id desc
    limit ${limit + 1}`;
}

export async function listChatbotFlows(
  db: Db,
  userId: string,
  query: ChatbotListQuery,
): Promise<KeysetPage<ChatbotFlow>> {
  const rows = await selectRows<ChatbotFlowRow>(db, listSql(userId, query));
  return keysetPage(rows, query.limit, (row) => [row.created_key, row.id], toChatbotFlow);
}

function toChatbotFlow(row: ChatbotFlowRow): ChatbotFlow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.is_active,
    createdAt: row.created_at,
  };
}
