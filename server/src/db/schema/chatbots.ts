import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FlowDefinition } from '../../../../common/chatbot-flow';
import type { ConversationState } from '../../../../common/chatbot-state';
import { knowledgeKinds } from '../../../../common/chatbots';
import { isBetween, isNotBlank, isOneOf } from './check-helpers';
import { bookings } from './bookings';
import { contacts } from './contacts';
import { deals } from './deals';
import { createdAtColumn, idColumn, ownerColumn, updatedAtColumn, workspaceColumn } from './columns';

/** PostgreSQL's full-text document type; written by the database itself (generated columns below). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** An empty draft, for rows made before flows existed; a new chatbot starts from a template instead. */
export const emptyFlow: FlowDefinition = {
  version: 1,
  start: null,
  groups: [],
  edges: [],
  variables: [],
  settings: { maxAiAnswers: 5 },
};

/** The chatbot list (part 2 §3), and each chatbot's flow: the draft the builder saves, the version visitors run. */
export const chatbotFlows = pgTable(
  'chatbot_flows',
  {
    id: idColumn(),
    userId: ownerColumn(),
    workspaceId: workspaceColumn(),
    name: text('name').notNull(),
    description: text('description'),
    // No default in the spec: a flow stays off until someone turns it on.
    isActive: boolean('is_active').notNull().default(false),
    /** What the builder saved last; may be unfinished. */
    draftFlow: jsonb('draft_flow').$type<FlowDefinition>().notNull().default(emptyFlow),
    /** What visitors run: a draft that passed validateFlowForPublish; null until first published. */
    publishedFlow: jsonb('published_flow').$type<FlowDefinition>(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When retrieval finds nothing relevant, say so instead of letting the model guess. */
    answerOnlyFromKnowledge: boolean('answer_only_from_knowledge').notNull().default(true),
    /** AI answers across all of this bot's conversations per UTC day, at most (each is a paid call). */
    maxAiAnswersPerDay: integer('max_ai_answers_per_day').notNull().default(200),
    /** The AI provider's last failure, for the owner (never the key); cleared by the next answer that works. */
    aiError: text('ai_error'),
    aiErrorAt: timestamp('ai_error_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('chatbot_flows_name_not_blank', isNotBlank(t.name)),
    check('chatbot_flows_draft_is_object', sql`jsonb_typeof(${t.draftFlow}) = 'object'`),
    check('chatbot_flows_max_ai_answers_per_day', isBetween(t.maxAiAnswersPerDay, 0, 100000)),
    // The list, newest first (part 2 §7), by keyset (created_at, id).
    index('chatbot_flows_workspace_created_idx').on(
      t.workspaceId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** What a bot knows: a question with its answer, or a pasted document (title and text). */
export const chatbotKnowledge = pgTable(
  'chatbot_knowledge',
  {
    id: idColumn(),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbotFlows.id, { onDelete: 'cascade' }),
    /** The bot's owner, copied so that every query stays per user. */
    userId: ownerColumn(),
    workspaceId: workspaceColumn(),
    kind: text('kind').notNull(),
    /** A document's title, or the question of a question-and-answer entry. */
    title: text('title').notNull(),
    /** The document's text, or the answer. */
    body: text('body').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('chatbot_knowledge_kind_check', isOneOf(t.kind, knowledgeKinds)),
    check('chatbot_knowledge_title_not_blank', isNotBlank(t.title)),
    check('chatbot_knowledge_body_not_blank', isNotBlank(t.body)),
    // A bot's entries, newest first, by keyset (created_at, id).
    index('chatbot_knowledge_bot_created_idx').on(
      t.chatbotId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * An entry cut into passages of a few paragraphs, what retrieval ranks and the AI is sent. The search document is
 * made by the database from the title and text (English stemming: "prices" finds "price"), behind a GIN index.
 */
export const chatbotPassages = pgTable(
  'chatbot_passages',
  {
    id: idColumn(),
    knowledgeId: uuid('knowledge_id')
      .notNull()
      .references(() => chatbotKnowledge.id, { onDelete: 'cascade' }),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbotFlows.id, { onDelete: 'cascade' }),
    userId: ownerColumn(),
    workspaceId: workspaceColumn(),
    /** Its entry's title, named under an answer that used it. */
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** Its place in the entry. */
    position: integer('position').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', text), 'B')`,
      ),
  },
  (t) => [
    index('chatbot_passages_search_idx').using('gin', t.search),
    index('chatbot_passages_bot_idx').on(t.chatbotId),
    index('chatbot_passages_knowledge_idx').on(t.knowledgeId, t.position),
  ],
);

/** A visitor's conversation with a published bot. */
export const chatbotConversations = pgTable(
  'chatbot_conversations',
  {
    id: idColumn(),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbotFlows.id, { onDelete: 'cascade' }),
    userId: ownerColumn(),
    workspaceId: workspaceColumn(),
    /** A keyed hash of the secret the visitor's browser keeps, which resumes the conversation after a reload. */
    visitorTokenHash: text('visitor_token_hash').notNull(),
    /** Where the engine waits (common/chatbot-engine.ts), with the variables collected. */
    state: jsonb('state').$type<ConversationState>().notNull(),
    /** The visitor's e-mail and name once known, for the list and its search. */
    visitorEmail: text('visitor_email'),
    visitorName: text('visitor_name'),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** A keyed hash of the visitor's IP (never the address itself), or null when unknown. */
    ipHash: text('ip_hash'),
    /** The owner trying the draft in the builder's Preview: left out of the list, and its effects write nothing. */
    preview: boolean('preview').notNull().default(false),
    createdAt: createdAtColumn(),
    /** The last turn's time. */
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('chatbot_conversations_state_is_object', sql`jsonb_typeof(${t.state}) = 'object'`),
    // A bot's conversations, newest first, by keyset (created_at, id).
    index('chatbot_conversations_bot_created_idx').on(
      t.chatbotId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Conversations this week across the user's bots (the list's counts).
    index('chatbot_conversations_workspace_created_idx').on(t.workspaceId, t.createdAt.desc().nullsFirst()),
    // Behind the SET NULL foreign keys.
    index('chatbot_conversations_contact_idx')
      .on(t.contactId)
      .where(sql`${t.contactId} is not null`),
    index('chatbot_conversations_deal_idx')
      .on(t.dealId)
      .where(sql`${t.dealId} is not null`),
    index('chatbot_conversations_booking_idx')
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
  ],
);

export const chatbotMessageRoles = ['bot', 'visitor'] as const;

/** One line of a conversation's transcript, in order. */
export const chatbotMessages = pgTable(
  'chatbot_messages',
  {
    id: idColumn(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatbotConversations.id, { onDelete: 'cascade' }),
    userId: ownerColumn(),
    workspaceId: workspaceColumn(),
    role: text('role').notNull(),
    text: text('text').notNull(),
    /** The titles of the passages an AI answer used; empty for every other line. */
    sources: jsonb('sources').$type<string[]>().notNull().default([]),
    createdAt: createdAtColumn(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', text)`),
  },
  (t) => [
    check('chatbot_messages_role_check', isOneOf(t.role, chatbotMessageRoles)),
    check('chatbot_messages_sources_is_array', sql`jsonb_typeof(${t.sources}) = 'array'`),
    // A transcript in order.
    index('chatbot_messages_conversation_idx').on(t.conversationId, t.createdAt, t.id),
    // The conversations list's search.
    index('chatbot_messages_search_idx').using('gin', t.search),
  ],
);

/** AI answers given per bot and UTC day, held to the bot's max_ai_answers_per_day. */
export const chatbotAiUsage = pgTable(
  'chatbot_ai_usage',
  {
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbotFlows.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    answers: integer('answers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chatbotId, t.day] })],
);
