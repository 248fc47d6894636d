import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { conversationStateSchema, type ConversationState } from '@common/chatbot-state';
import { flowDefinitionSchema, type FlowDefinition } from '@common/chatbot-flow';
import { chatbotMessages as texts, type ChatMessage } from '@common/chatbots';
import type { Db, Tx } from '../../../db/client';
import type { Member } from '../../../db/member-scope';
import { chatbotConversations, chatbotFlows, chatbotMessages, workspaceMembers } from '../../../db/schema';
import { AppError } from '../../../errors';
import { selectRows } from '../../../db/select-rows';
import { readJson, toJsonb } from '../sql';

// The rows of the visitor's side: the bot as a visitor meets it, a conversation found by its token, and each step
// stored with a compare-and-set on the conversation's last change, so that of two turns sent at once only one applies.

export const unavailable = () => new AppError(404, texts.unavailable);
export const conversationGone = () => new AppError(404, texts.conversationGone);
/** Another turn of the conversation changed it meanwhile: nothing of this one was stored. */
export const turnConflict = () => new AppError(409, texts.inputRefused);

/**
 * A step waiting for its effect longer than this was left by a server that stopped while the effect ran: every
 * effect ends well before (an AI answer's own limit is AI_TIMEOUT_MS, a minute by default).
 */
export const STALE_CLAIM_SECONDS = 300;

/** Lines a resumed conversation shows, at most (the latest). */
const MAX_TRANSCRIPT = 500;

/** What a conversation needs of its bot. */
export interface BotSettings {
  id: string;
  userId: string;
  workspaceId: string;
  name: string;
  answerOnlyFromKnowledge: boolean;
  maxAiAnswersPerDay: number;
  /** Whether the owner's page shows an AI failure: only then has an answer that works one to clear. */
  hasAiError: boolean;
}

export interface PublicBot extends BotSettings {
  isActive: boolean;
  draftFlow: unknown;
  publishedFlow: unknown;
}

const botColumns = {
  id: chatbotFlows.id,
  userId: chatbotFlows.userId,
  workspaceId: chatbotFlows.workspaceId,
  name: chatbotFlows.name,
  isActive: chatbotFlows.isActive,
  draftFlow: chatbotFlows.draftFlow,
  publishedFlow: chatbotFlows.publishedFlow,
  answerOnlyFromKnowledge: chatbotFlows.answerOnlyFromKnowledge,
  maxAiAnswersPerDay: chatbotFlows.maxAiAnswersPerDay,
  hasAiError: sql<boolean>`${chatbotFlows.aiError} is not null`,
};

export async function findBot(db: Db, id: string): Promise<PublicBot | null> {
  const [row] = await db.select(botColumns).from(chatbotFlows).where(eq(chatbotFlows.id, id));
  return row ?? null;
}

/** Whom a conversation acts for: the bot's owner, in the bot's workspace (its leads, its knowledge). */
export const botOwner = (bot: Pick<BotSettings, 'workspaceId' | 'userId'>): Member => ({
  workspaceId: bot.workspaceId,
  userId: bot.userId,
  ownOnly: false,
});

/**
 * Whether the signed-in user may run the bot's draft (the builder's Preview): a member of the bot's workspace who
 * sees the bot (under "own records", its owner).
 */
export async function mayPreview(db: Db, bot: Pick<BotSettings, 'workspaceId' | 'userId'>, viewerId: string) {
  const [membership] = await db
    .select({ visibility: workspaceMembers.visibility })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, bot.workspaceId), eq(workspaceMembers.userId, viewerId)));
  return membership !== undefined && (membership.visibility !== 'own' || bot.userId === viewerId);
}

/** A stored flow as the engine runs it; null when there is none or it no longer reads as a flow. */
export function readFlow(value: unknown): FlowDefinition | null {
  const parsed = flowDefinitionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The flow visitors run: an active bot's published one. */
export const liveFlow = (bot: PublicBot) => (bot.isActive ? readFlow(bot.publishedFlow) : null);

/** A conversation as a turn works on it. */
export interface Conversation {
  id: string;
  bot: BotSettings;
  flow: FlowDefinition;
  state: ConversationState;
  preview: boolean;
  /** The conversation's last change (updated_at, to the microsecond): the compare-and-set of the next step. */
  version: string;
  /** Its last change is older than STALE_CLAIM_SECONDS. */
  stale: boolean;
}

/**
 * The conversation of this bot with this token; a wrong token, another bot's conversation, a bot turned off or
 * no longer published (a preview: whose draft no longer reads as a flow) are all the same 404.
 */
export async function findConversation(
  db: Db,
  chatbotId: string,
  conversationId: string,
  tokenHash: string,
): Promise<Conversation> {
  const [row] = await db
    .select({
      id: chatbotConversations.id,
      state: chatbotConversations.state,
      preview: chatbotConversations.preview,
      version: sql<string>`${chatbotConversations.updatedAt}::text`,
      stale: sql<boolean>`${chatbotConversations.updatedAt} < now() - ${STALE_CLAIM_SECONDS} * interval '1 second'`,
      bot: botColumns,
    })
    .from(chatbotConversations)
    .innerJoin(chatbotFlows, eq(chatbotFlows.id, chatbotConversations.chatbotId))
    .where(
      and(
        eq(chatbotConversations.id, conversationId),
        eq(chatbotConversations.chatbotId, chatbotId),
        eq(chatbotConversations.visitorTokenHash, tokenHash),
      ),
    );
  if (!row) throw conversationGone();
  const flow = row.preview ? readFlow(row.bot.draftFlow) : liveFlow(row.bot);
  const state = conversationStateSchema.safeParse(row.state);
  if (!flow || !state.success) throw conversationGone();
  const { id, bot, preview, version, stale } = row;
  return { id, bot, flow, state: state.data, preview, version, stale };
}

export async function insertConversation(
  db: Db,
  values: { bot: BotSettings; tokenHash: string; state: ConversationState; ipHash: string | null; preview: boolean },
): Promise<{ id: string; version: string }> {
  const [row] = await db
    .insert(chatbotConversations)
    .values({
      chatbotId: values.bot.id,
      userId: values.bot.userId,
      workspaceId: values.bot.workspaceId,
      visitorTokenHash: values.tokenHash,
      state: values.state,
      ipHash: values.ipHash,
      preview: values.preview,
    })
    .returning({ id: chatbotConversations.id, version: sql<string>`${chatbotConversations.updatedAt}::text` });
  return row!;
}

/** A line to store: the visitor's, or the bot's with the titles an AI answer used. */
export interface Line {
  role: ChatMessage['role'];
  text: string;
  sources: string[];
}

/** What a step changes besides the state. */
export interface ConversationLinks {
  bookingId?: string;
  visitorName?: string;
  visitorEmail?: string;
}

/**
 * Stores a step: the new state, the lines said, and what `within` writes, in one transaction, provided the
 * conversation has not changed since `version` (else 409 and nothing stored). Lines are stamped a microsecond
 * apart, so the transcript reads in the order they were said. Answers the bot's lines and the new version.
 */
export async function saveStep(
  db: Db,
  conversation: Pick<Conversation, 'id' | 'bot' | 'version'>,
  step: { state: ConversationState; lines: Line[]; links?: ConversationLinks },
  within?: (tx: Tx) => Promise<void>,
): Promise<{ said: ChatMessage[]; version: string }> {
  const change = (on: Db | Tx) =>
    on
      .update(chatbotConversations)
      .set({ state: step.state, updatedAt: sql`clock_timestamp()`, ...step.links })
      .where(
        and(
          eq(chatbotConversations.id, conversation.id),
          sql`${chatbotConversations.updatedAt} = ${conversation.version}::timestamptz`,
        ),
      )
      .returning({ version: sql<string>`${chatbotConversations.updatedAt}::text` });
  if (!within) return saveStepAlone(db, conversation, change(db).getSQL(), step.lines);
  return db.transaction(async (tx) => {
    const [changed] = await change(tx);
    if (!changed) throw turnConflict();
    const rows = step.lines.length
      ? await tx
          .insert(chatbotMessages)
          .values(
            step.lines.map((line, index) => ({
              conversationId: conversation.id,
              userId: conversation.bot.userId,
              workspaceId: conversation.bot.workspaceId,
              role: line.role,
              text: line.text,
              sources: line.sources,
              createdAt: sql`clock_timestamp() + ${index}::float8 * interval '1 microsecond'`,
            })),
          )
          .returning({
            role: chatbotMessages.role,
            text: chatbotMessages.text,
            sources: chatbotMessages.sources,
            createdAt: chatbotMessages.createdAt,
          })
      : [];
    await within?.(tx);
    // RETURNING gives the rows in the order of VALUES.
    const said = rows.filter((row) => row.role === 'bot').map(toChatMessage);
    return { said, version: changed.version };
  });
}

/**
 * A step with nothing else to write, as one statement (a turn's time is mostly its round trips): the
 * compare-and-set `change`, and the lines only when it applied.
 */
async function saveStepAlone(
  db: Db,
  conversation: Pick<Conversation, 'id' | 'bot'>,
  change: SQL,
  lines: Line[],
): Promise<{ said: ChatMessage[]; version: string }> {
  const values = lines.map(
    (line, index) => sql`(${index}::int, ${line.role}::text, ${line.text}::text, ${toJsonb(line.sources)}::jsonb)`,
  );
  const said = lines.length
    ? sql`, said as (insert into ${chatbotMessages} (conversation_id, user_id, workspace_id, role, text, sources, created_at)
        select ${conversation.id}::uuid, ${conversation.bot.userId}::uuid, ${conversation.bot.workspaceId}::uuid,
          l.role, l.text, l.sources, clock_timestamp() + l.n * interval '1 microsecond'
        from changed, (values ${sql.join(values, sql`, `)}) as l(n, role, text, sources)
        returning role, text, sources, created_at)`
    : sql``;
  const [row] = await selectRows<{ version: string | null; said: unknown }>(
    db,
    sql`with changed(version) as (${change})${said}
      select (select version from changed) as version,
        ${lines.length ? sql`(select json_agg(said order by created_at) from said)` : sql`null`} as said`,
  );
  if (!row?.version) throw turnConflict();
  const rows = (readJson(row.said) ?? []) as Array<{
    role: string;
    text: string;
    sources: string[];
    created_at: string;
  }>;
  return {
    said: rows.filter((r) => r.role === 'bot').map((r) => toChatMessage({ ...r, createdAt: new Date(r.created_at) })),
    version: row.version,
  };
}

function toChatMessage(row: { role: string; text: string; sources: string[]; createdAt: Date }): ChatMessage {
  return {
    role: row.role === 'visitor' ? 'visitor' : 'bot',
    text: row.text,
    sources: row.sources,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The conversation's lines in order (the latest MAX_TRANSCRIPT), or its last `limit`. */
export async function readTranscript(db: Db | Tx, conversationId: string, limit = MAX_TRANSCRIPT) {
  const rows = await db
    .select({
      role: chatbotMessages.role,
      text: chatbotMessages.text,
      sources: chatbotMessages.sources,
      createdAt: chatbotMessages.createdAt,
    })
    .from(chatbotMessages)
    .where(eq(chatbotMessages.conversationId, conversationId))
    .orderBy(desc(chatbotMessages.createdAt), desc(chatbotMessages.id))
    .limit(limit);
  return rows.reverse().map(toChatMessage);
}
