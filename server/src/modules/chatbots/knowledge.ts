import { sql, type SQL } from 'drizzle-orm';
import { splitIntoPassages } from '@common/chatbot-passages';
import { chatbotMessages, type KnowledgeEntry, type knowledgeInputSchema } from '@common/chatbots';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { beforeKey, keysetPage } from '../../db/keyset';
import { selectRows } from '../../db/select-rows';
import { AppError } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';
import { chatbotNotFound } from './service';
import { iso } from './sql';

// A bot's knowledge (issue "AI chatbot"): questions with their answers and pasted documents, each stored with the
// passages retrieval searches, written in the entry's own transaction.

type KnowledgeValues = z.output<typeof knowledgeInputSchema>;

const knowledgeNotFound = () => new AppError(404, chatbotMessages.knowledgeNotFound);

interface KnowledgeRow {
  id: string;
  kind: KnowledgeEntry['kind'];
  title: string;
  body: string;
  passages: number;
  created_at: string;
  created_key: string;
  updated_at: string;
}

/** An entry `k` with its count of passages (chatbot_passages_knowledge_idx). */
const entryColumns = sql`k.id, k.kind, k.title, k.body,
    (select count(*)::int from chatbot_passages p where p.knowledge_id = k.id) as passages,
    ${iso('k.created_at')} as created_at, ${iso('k.created_at', 'US')} as created_key, ${iso('k.updated_at')} as updated_at`;

function toEntry(row: KnowledgeRow): KnowledgeEntry {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    passages: row.passages,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Throws 404 unless the bot is the user's. Inside a write's transaction, `lock` holds the bot against its deletion
 * until the end, so an entry never loses its bot halfway (a foreign-key failure would be a 500).
 */
async function checkOwnChatbot(db: Db | Tx, userId: string, chatbotId: string, lock: boolean) {
  const [bot] = await selectRows<{ id: string }>(
    db,
    sql`select id from chatbot_flows where id = ${chatbotId} and user_id = ${userId} ${lock ? sql`for key share` : sql``}`,
  );
  if (!bot) throw chatbotNotFound();
}

export interface KnowledgeListQuery {
  limit: number;
  before: CursorKey | null;
}

/** The list's query itself: a bot's entries, newest first, before a position, through chatbot_knowledge_bot_created_idx. */
export function knowledgeListSql(userId: string, chatbotId: string, { limit, before }: KnowledgeListQuery): SQL {
  return sql`select ${entryColumns} from chatbot_knowledge k
    where k.chatbot_id = ${chatbotId} and k.user_id = ${userId}
      ${before ? sql`and ${beforeKey(sql`k.created_at`, sql`k.id`, before)}` : sql``}
    order by k.created_at desc, k.id desc
    limit ${limit + 1}`;
}

export async function listKnowledge(
  db: Db,
  userId: string,
  chatbotId: string,
  query: KnowledgeListQuery,
): Promise<KeysetPage<KnowledgeEntry>> {
  await checkOwnChatbot(db, userId, chatbotId, false);
  const rows = await selectRows<KnowledgeRow>(db, knowledgeListSql(userId, chatbotId, query));
  return keysetPage(rows, query.limit, (row) => [row.created_key, row.id], toEntry);
}

/** The entry's passages, in place of any it had. */
async function writePassages(tx: Tx, userId: string, chatbotId: string, knowledgeId: string, input: KnowledgeValues) {
  await tx.execute(sql`delete from chatbot_passages where knowledge_id = ${knowledgeId}`);
  const passages = splitIntoPassages(input.kind, input.title, input.body);
  // One statement per batch: a document of 100,000 characters is about a hundred passages.
  for (let start = 0; start < passages.length; start += 200) {
    const rows = passages
      .slice(start, start + 200)
      .map(
        (passage, i) => sql`(${knowledgeId}, ${chatbotId}, ${userId}, ${passage.title}, ${passage.text}, ${start + i})`,
      );
    await tx.execute(
      sql`insert into chatbot_passages (knowledge_id, chatbot_id, user_id, title, text, position)
        values ${sql.join(rows, sql`, `)}`,
    );
  }
}

async function readEntry(tx: Tx, knowledgeId: string): Promise<KnowledgeEntry> {
  const [row] = await selectRows<KnowledgeRow>(
    tx,
    sql`select ${entryColumns} from chatbot_knowledge k where k.id = ${knowledgeId}`,
  );
  return toEntry(row!);
}

export async function createKnowledge(
  db: Db,
  userId: string,
  chatbotId: string,
  input: KnowledgeValues,
): Promise<KnowledgeEntry> {
  return db.transaction(async (tx) => {
    await checkOwnChatbot(tx, userId, chatbotId, true);
    const [row] = await selectRows<{ id: string }>(
      tx,
      sql`insert into chatbot_knowledge (chatbot_id, user_id, kind, title, body)
        values (${chatbotId}, ${userId}, ${input.kind}, ${input.title}, ${input.body}) returning id`,
    );
    await writePassages(tx, userId, chatbotId, row!.id, input);
    return readEntry(tx, row!.id);
  });
}

export async function updateKnowledge(
  db: Db,
  userId: string,
  chatbotId: string,
  knowledgeId: string,
  input: KnowledgeValues,
): Promise<KnowledgeEntry> {
  return db.transaction(async (tx) => {
    await checkOwnChatbot(tx, userId, chatbotId, true);
    const [row] = await selectRows<{ id: string }>(
      tx,
      sql`update chatbot_knowledge set kind = ${input.kind}, title = ${input.title}, body = ${input.body},
          updated_at = now()
        where id = ${knowledgeId} and chatbot_id = ${chatbotId} and user_id = ${userId} returning id`,
    );
    if (!row) throw knowledgeNotFound();
    await writePassages(tx, userId, chatbotId, row.id, input);
    return readEntry(tx, row.id);
  });
}

/** Its passages go with it (ON DELETE CASCADE). */
export async function deleteKnowledge(db: Db, userId: string, chatbotId: string, knowledgeId: string): Promise<void> {
  await checkOwnChatbot(db, userId, chatbotId, false);
  const rows = await selectRows<{ id: string }>(
    db,
    sql`delete from chatbot_knowledge
      where id = ${knowledgeId} and chatbot_id = ${chatbotId} and user_id = ${userId} returning id`,
  );
  if (!rows.length) throw knowledgeNotFound();
}
