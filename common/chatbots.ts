import { z } from 'zod';
import { chatbotMessages } from './chatbot-messages';
import { pageOf, pageQuerySchema } from './http';
import { isTimeZone } from './scheduling';

// The visible strings live apart (no zod), so the public chat's bundle stays small.
export { chatbotMessages };

export const chatbotFlowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** Visitors' conversations of the last 7 days (the owner's previews left out). */
  conversationsThisWeek: z.number().int(),
});
export type ChatbotFlow = z.infer<typeof chatbotFlowSchema>;

/** GET /api/chatbots?cursor&limit: the user's flows, newest first (part 2 §7), a keyset page. */
export const chatbotFlowPageSchema = pageOf(chatbotFlowSchema);

/* ---- The chatbot made real (issue "AI chatbot"): the owner's API ---------------------------------------------- */

export const MAX_CHATBOT_NAME = 100;
export const MAX_CHATBOT_DESCRIPTION = 500;
export const MAX_AI_ANSWERS_PER_DAY = 100_000;
/** A knowledge entry's text: a pasted document of about 30 pages. */
export const MAX_KNOWLEDGE_BODY = 100_000;
export const MAX_KNOWLEDGE_TITLE = 200;
/** A visitor's message. */
export const MAX_VISITOR_TEXT = 2000;

export const knowledgeKinds = ['qa', 'document'] as const;
export type KnowledgeKind = (typeof knowledgeKinds)[number];

/** GET /api/chatbots/:id and what every owner's write answers. */
export const chatbotDetailSchema = chatbotFlowSchema.extend({
  /** The builder's draft (common/chatbot-flow.ts), possibly unfinished. */
  draftFlow: z.unknown(),
  publishedAt: z.string().nullable(),
  /** The draft differs from what visitors run. */
  hasUnpublishedChanges: z.boolean(),
  answerOnlyFromKnowledge: z.boolean(),
  maxAiAnswersPerDay: z.number().int(),
  /** The AI provider's last failure, for the owner; null once an answer works again. */
  aiError: z.object({ message: z.string(), at: z.string() }).nullable(),
  updatedAt: z.string(),
});
export type ChatbotDetail = z.infer<typeof chatbotDetailSchema>;

/** POST /api/chatbots: a new bot starts from the "Answer questions, then capture the lead" template. */
export const chatbotCreateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, chatbotMessages.nameRequired)
    .max(MAX_CHATBOT_NAME, `Must be at most ${MAX_CHATBOT_NAME} characters`),
  description: z
    .string()
    .trim()
    .max(MAX_CHATBOT_DESCRIPTION, `Must be at most ${MAX_CHATBOT_DESCRIPTION} characters`)
    .nullish()
    .transform((value) => value || null),
});
export type ChatbotCreate = z.input<typeof chatbotCreateSchema>;

/** PATCH /api/chatbots/:id: any of these; the draft is checked against flowDefinitionSchema by the server. */
export const chatbotUpdateSchema = chatbotCreateSchema.partial().extend({
  isActive: z.boolean().optional(),
  draftFlow: z.unknown().optional(),
  answerOnlyFromKnowledge: z.boolean().optional(),
  maxAiAnswersPerDay: z.number().int().min(0).max(MAX_AI_ANSWERS_PER_DAY).optional(),
});
export type ChatbotUpdate = z.input<typeof chatbotUpdateSchema>;

/** POST /api/chatbots/:id/publish refused (422): what stands in the way, block by block. */
export const publishRefusalSchema = z.object({
  error: z.string(),
  problems: z.array(z.object({ blockId: z.string().nullable(), message: z.string() })),
});

export const knowledgeEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(knowledgeKinds),
  title: z.string(),
  body: z.string(),
  /** Passages the entry was split into. */
  passages: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnowledgeEntry = z.infer<typeof knowledgeEntrySchema>;
export const knowledgePageSchema = pageOf(knowledgeEntrySchema);

/** POST /api/chatbots/:id/knowledge, PATCH …/knowledge/:entryId (all fields). */
export const knowledgeInputSchema = z.object({
  kind: z.enum(knowledgeKinds, { message: 'Choose a question and answer or a document' }),
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(MAX_KNOWLEDGE_TITLE, `Must be at most ${MAX_KNOWLEDGE_TITLE} characters`),
  body: z
    .string()
    .trim()
    .min(1, 'Text is required')
    .max(MAX_KNOWLEDGE_BODY, `Must be at most ${MAX_KNOWLEDGE_BODY.toLocaleString('en-US')} characters`),
});
export type KnowledgeInput = z.input<typeof knowledgeInputSchema>;

/** GET /api/chatbots/:id/conversations?cursor&limit&q: newest first, keyset pages; q searches the transcripts. */
export const conversationListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200, 'Must be at most 200 characters').optional(),
});

export const conversationSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  visitorName: z.string().nullable(),
  visitorEmail: z.string().nullable(),
  finished: z.boolean(),
  contactId: z.string().nullable(),
  dealId: z.string().nullable(),
  bookingId: z.string().nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationPageSchema = pageOf(conversationSummarySchema);

export const chatMessageSchema = z.object({
  role: z.enum(['bot', 'visitor']),
  text: z.string(),
  /** Titles of the knowledge an AI answer used. */
  sources: z.array(z.string()),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** GET /api/chatbots/:id/conversations/:conversationId: the transcript and what it produced. */
export const conversationDetailSchema = conversationSummarySchema.extend({
  variables: z.record(z.string(), z.string()),
  messages: z.array(chatMessageSchema),
  contact: z.object({ id: z.string(), name: z.string() }).nullable(),
  deal: z.object({ id: z.string(), name: z.string() }).nullable(),
  booking: z.object({ id: z.string(), start: z.string() }).nullable(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/* ---- The visitor's API (/api/public/chatbots/…), used by the widget, /chat/{id} and the builder's Preview ----- */

/** The visitor's routes' ids: a malformed one is an unknown one (404, in the same words). */
export const publicChatbotParamsSchema = z.object({ id: z.uuid({ message: chatbotMessages.unavailable }) });
export const publicConversationParamsSchema = publicChatbotParamsSchema.extend({
  conversationId: z.uuid({ message: chatbotMessages.conversationGone }),
});

/** The header carrying a conversation's token (from POST …/conversations) on its later requests. */
export const CHAT_TOKEN_HEADER = 'x-chat-token';

/** GET /api/public/chatbots/:id: 404 (chatbotMessages.unavailable) for an unknown or inactive bot. */
export const publicChatbotSchema = z.object({ id: z.string(), name: z.string() });

/** What the widget offers next (the engine's Expectation, less the server's own effects). */
export const chatExpectationSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    kind: z.enum(['text', 'email', 'phone', 'number', 'date']),
    buttons: z.array(z.string()),
  }),
  z.object({ type: z.literal('buttons'), labels: z.array(z.string()) }),
  z.object({
    type: z.literal('slots'),
    slots: z.array(z.object({ start: z.string(), end: z.string() })),
    skipLabel: z.string().nullable(),
  }),
  z.object({ type: z.literal('none') }),
]);
export type ChatExpectation = z.infer<typeof chatExpectationSchema>;

/** The bot's lines of one turn and what comes next. */
export const chatTurnSchema = z.object({
  messages: z.array(chatMessageSchema),
  expect: chatExpectationSchema,
});
export type ChatTurn = z.infer<typeof chatTurnSchema>;

/**
 * POST /api/public/chatbots/:id/conversations: a new conversation. The token is kept by the visitor's browser and
 * sent back as the X-Chat-Token header; it resumes the conversation after a reload.
 */
export const conversationStartSchema = z.object({
  /** The visitor's IANA time zone, in which the widget shows free times (offered as instants, the same in any zone). */
  timeZone: z.string().max(64).refine(isTimeZone, 'Unknown time zone').optional(),
  /** The owner's Preview of the draft (signed in as the bot's owner): nothing it captures is saved. */
  preview: z.boolean().optional(),
});
export const conversationStartedSchema = z
  .object({ conversationId: z.string(), token: z.string() })
  .merge(chatTurnSchema);

/** GET /api/public/chatbots/:id/conversations/:conversationId: the transcript so far and what comes next. */
export const conversationResumeSchema = chatTurnSchema;

/**
 * POST /api/public/chatbots/:id/conversations/:conversationId/turns: the visitor's input. Answered as server-sent
 * events when the request accepts text/event-stream (`delta` chunks of an AI answer as they come, then `turn`
 * with the whole ChatTurn), else as one JSON ChatTurn.
 */
export const chatInputSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: z.string().max(MAX_VISITOR_TEXT, `Must be at most ${MAX_VISITOR_TEXT} characters`),
  }),
  z.object({ type: z.literal('choice'), label: z.string().max(200) }),
  z.object({ type: z.literal('slot'), start: z.string().max(40) }),
]);
export type ChatInput = z.infer<typeof chatInputSchema>;
