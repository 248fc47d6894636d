import { z } from 'zod';
import { del, get, patch, post } from './api-route';
import {
  chatInputSchema,
  chatTurnSchema,
  chatbotCreateSchema,
  chatbotDetailSchema,
  chatbotFlowPageSchema,
  chatbotUpdateSchema,
  conversationDetailSchema,
  conversationListQuerySchema,
  conversationPageSchema,
  conversationResumeSchema,
  conversationStartSchema,
  conversationStartedSchema,
  knowledgeEntrySchema,
  knowledgeInputSchema,
  knowledgePageSchema,
  publicChatbotParamsSchema,
  publicChatbotSchema,
  publicConversationParamsSchema,
  publishRefusalSchema,
} from './chatbots';
import { chatbotsPublicRoutes } from './chatbots-public-routes';
import { idParamSchema, pageQuerySchema } from './http';

const params = idParamSchema;
const entryParams = idParamSchema.extend({ entryId: z.uuid({ message: 'Not found' }) });
const conversationParams = idParamSchema.extend({ conversationId: z.uuid({ message: 'Not found' }) });

/** The chatbots area's routes (see api-route.ts): the owner's bots, knowledge and conversations, and the visitor's. */
export const chatbotsApi = {
  list: get('/api/chatbots', { query: pageQuerySchema, response: chatbotFlowPageSchema }),
  create: post('/api/chatbots', { body: chatbotCreateSchema, response: chatbotDetailSchema, status: 201 }),
  one: get('/api/chatbots/:id', { params, response: chatbotDetailSchema }),
  update: patch('/api/chatbots/:id', { params, body: chatbotUpdateSchema, response: chatbotDetailSchema }),
  remove: del('/api/chatbots/:id', { params, status: 204 }),
  /**
   * No body schema, as the other bare POSTs: its check would run before the session's and answer 400, not 401.
   * A draft that cannot go live is refused with its problems block by block (422).
   */
  publish: post('/api/chatbots/:id/publish', {
    params,
    response: chatbotDetailSchema,
    otherResponses: { 422: publishRefusalSchema },
  }),
  knowledge: get('/api/chatbots/:id/knowledge', { params, query: pageQuerySchema, response: knowledgePageSchema }),
  addKnowledge: post('/api/chatbots/:id/knowledge', {
    params,
    body: knowledgeInputSchema,
    response: knowledgeEntrySchema,
    status: 201,
  }),
  updateKnowledge: patch('/api/chatbots/:id/knowledge/:entryId', {
    params: entryParams,
    body: knowledgeInputSchema,
    response: knowledgeEntrySchema,
  }),
  removeKnowledge: del('/api/chatbots/:id/knowledge/:entryId', { params: entryParams, status: 204 }),
  conversations: get('/api/chatbots/:id/conversations', {
    params,
    query: conversationListQuerySchema,
    response: conversationPageSchema,
  }),
  conversation: get('/api/chatbots/:id/conversations/:conversationId', {
    params: conversationParams,
    response: conversationDetailSchema,
  }),
  /** The visitor's bot: 404 for an unknown or inactive one. */
  publicBot: { ...chatbotsPublicRoutes.bot, params: publicChatbotParamsSchema, response: publicChatbotSchema },
  start: {
    ...chatbotsPublicRoutes.start,
    params: publicChatbotParamsSchema,
    body: conversationStartSchema,
    response: conversationStartedSchema,
    status: 201 as const,
  },
  resume: {
    ...chatbotsPublicRoutes.resume,
    params: publicConversationParamsSchema,
    response: conversationResumeSchema,
  },
  turn: {
    ...chatbotsPublicRoutes.turn,
    params: publicConversationParamsSchema,
    body: chatInputSchema,
    response: chatTurnSchema,
  },
};
