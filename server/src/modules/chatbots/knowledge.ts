import { sql, type SQL } from 'drizzle-orm';
import { splitIntoPassages } from '@common/chatbot-passages';
import { chatbotMessages, type KnowledgeEntry, type knowledgeInputSchema } from '@common/chatbots';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { beforeKey, keysetPage } from '../../db/keyset';
import { visibleSql, type Member } from '../../db/member-scope';
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
 * The bot, when the member sees it (else 404): the workspace and owner its entries and passages copy. Inside a
 * write's transaction, `lock` holds the bot against its deletion until the end, so an entry never loses its bot
 * halfway (a foreign-key failure would be a 500).
 */
async function checkVisibleChatbot(db: Db | Tx, member: Member, chatbotId: string, lock: boolean): Promise<BotOwner> {
  const [bot] = await selectRows<BotOwner>(
    db,
    sql`select workspace_id, user_id from chatbot_flows
      where id = ${chatbotId} and ${visibleSql(member)} ${lock ? sql`for key share` : sql``}`,
  );
  if (!bot) throw chatbotNotFound();
  return bot;
}

/** A bot's workspace and owner, which its knowledge and passages copy. */
interface BotOwner {
  workspace_id: string;
  user_id: string;
}

export interface KnowledgeListQuery {
  limit: number;
  before: CursorKey | null;
}

/**
 * The list's query itself: a bot's entries (the bot found visible to the member first), newest first, before a
 * position, through chatbot_knowledge_bot_created_idx.
 */
export function knowledgeListSql(member: Member, chatbotId: string, { limit, before }: KnowledgeListQuery): SQL {
  return sql`select ${entryColumns} from chatbot_knowledge k
    where k.chatbot_id = ${chatbotId} and k.workspace_id = ${member.workspaceId}
      ${before ? sql`and ${beforeKey(sql`k.created_at`, sql`k.id`, before)}` : sql``}
    order by k.created_at desc, k.id desc
    limit ${limit + 1}`;
}

export async function listKnowledge(
  db: Db,
  member: Member,
  chatbotId: string,
  query: KnowledgeListQuery,
): Promise<KeysetPage<KnowledgeEntry>> {
  await checkVisibleChatbot(db, member, chatbotId, false);
  const rows = await selectRows<KnowledgeRow>(db, knowledgeListSql(member, chatbotId, query));
  return keysetPage(rows, query.limit, (row) => [row.created_key, row.id], toEntry);
}

/** The entry's passages, in place of any it had; they copy the bot's workspace and owner. */
async function writePassages(tx: Tx, bot: BotOwner, chatbotId: string, knowledgeId: string, input: KnowledgeValues) {
  await tx.execute(sql`delete from chatbot_passages where knowledge_id = ${knowledgeId}`);
  const passages = splitIntoPassages(input.kind, input.title, input.body);
  const owner = sql`${bot.workspace_id}, ${bot.user_id}`;
  // One statement per batch: a document of 100,000 characters is about a hundred passages.
  for (let start = 0; start < passages.length; start += 200) {
    const rows = passages
      .slice(start, start + 200)
      .map(
        (passage, i) => sql`(${knowledgeId}, ${chatbotId}, ${owner}, ${passage.title}, ${passage.text}, ${start + i})`,
      );
    await tx.execute(
      sql`insert into chatbot_passages (knowledge_id, chatbot_id, workspace_id, user_id, title, text, position)
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
  member: Member,
  chatbotId: string,
  input: KnowledgeValues,
): Promise<KnowledgeEntry> {
  return db.transaction(async (tx) => {
    const bot = await checkVisibleChatbot(tx, member, chatbotId, true);
    const [row] = await selectRows<{ id: string }>(
      tx,
      sql`insert into chatbot_knowledge (chatbot_id, workspace_id, user_id, kind, title, body)
        values (${chatbotId}, ${bot.workspace_id}, ${bot.user_id}, ${input.kind}, ${input.title}, ${input.body})
        returning id`,
    );
    await writePassages(tx, bot, chatbotId, row!.id, input);
    return readEntry(tx, row!.id);
  });
}

export async function updateKnowledge(
  db: Db,
  member: Member,
  chatbotId: string,
  knowledgeId: string,
  input: KnowledgeValues,
): Promise<KnowledgeEntry> {
  return db.transaction(async (tx) => {
    const bot = await checkVisibleChatbot(tx, member, chatbotId, true);
    const [row] = await selectRows<{ id: string }>(
      tx,
      sql`update chatbot_knowledge set kind = ${input.kind}, title = ${input.title}, body = ${input.body},
          updated_at = now()
        where id = ${knowledgeId} and chatbot_id = ${chatbotId} and workspace_id = ${member.workspaceId}
        returning id`,
    );
    if (!row) throw knowledgeNotFound();
    await writePassages(tx, bot, chatbotId, row.id, input);
    return readEntry(tx, row.id);
  });
}

/** Its passages go with it (ON DELETE CASCADE). */
export async function deleteKnowledge(db: Db, member: Member, chatbotId: string, knowledgeId: string): Promise<void> {
  await checkVisibleChatbot(db, member, chatbotId, false);
  const rows = await selectRows<{ id: string }>(
    db,
    sql`delete from chatbot_knowledge
      where id = ${knowledgeId} and chatbot_id = ${chatbotId} and workspace_id = ${member.workspaceId} returning id`,
  );
  if (!rows.length) throw knowledgeNotFound();
}
