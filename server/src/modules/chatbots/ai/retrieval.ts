import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { inWorkspaceOf, type Member } from '../../../db/member-scope';
import { chatbotPassages } from '../../../db/schema';

/** How many passages an answer is sent at most: enough for a question that spans two entries, and a short prompt. */
export const MAX_PASSAGES = 4;
/** Words of a question that count; a pasted paragraph is not a longer query. */
const MAX_QUERY_WORDS = 16;
const MAX_WORD_LENGTH = 40;

/**
 * Words that say nothing about what is asked. PostgreSQL's English configuration drops them too; left out here so
 * that a question of nothing else asks the database nothing.
 */
const questionWords = new Set(
  (
    'a an and are as at be but by can could do does for from had has have how i if in is it its me my no not of ' +
    'on or our please should so tell than that the their them then there these they this to us was we were what ' +
    'when where which who why will with would you your'
  ).split(' '),
);

/**
 * The question as a tsquery source that matches a passage with any of its words ("price | refund"): a question
 * rarely has every word of the passage that answers it. Only runs of letters, digits and marks are kept, so none of
 * tsquery's syntax (& | ! ( ) : * < > ' \) a visitor types reaches to_tsquery. Null when no word is left.
 */
export function anyWordQuery(question: string): string | null {
  const words = new Set<string>();
  for (const [word] of question.toLowerCase().matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    if (word.length < 2 || word.length > MAX_WORD_LENGTH || questionWords.has(word)) continue;
    words.add(word);
    if (words.size === MAX_QUERY_WORDS) break;
  }
  return words.size ? [...words].join(' | ') : null;
}

export interface Passage {
  title: string;
  text: string;
}

/**
 * The bot's passages that share words with the question, best first (ts_rank over the title-weighted search
 * document, behind its GIN index), at most MAX_PASSAGES. Only this bot's, and only in the member's workspace (the
 * bot's: the caller acts for its owner there).
 */
export async function findPassages(db: Db, member: Member, chatbotId: string, question: string): Promise<Passage[]> {
  const source = anyWordQuery(question);
  if (!source) return [];
  const query = sql`to_tsquery('english', ${source})`;
  const rank = sql<number>`ts_rank(${chatbotPassages.search}, ${query})`;
  return db
    .select({ title: chatbotPassages.title, text: chatbotPassages.text })
    .from(chatbotPassages)
    .where(
      and(
        eq(chatbotPassages.chatbotId, chatbotId),
        inWorkspaceOf(chatbotPassages, member),
        sql`${chatbotPassages.search} @@ ${query}`,
      ),
    )
    .orderBy(desc(rank), asc(chatbotPassages.knowledgeId), asc(chatbotPassages.position))
    .limit(MAX_PASSAGES);
}
