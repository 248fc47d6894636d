import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatbotCreateSchema,
  chatbotDetailSchema,
  chatbotFlowPageSchema,
  chatbotMessages,
  chatbotUpdateSchema,
  conversationDetailSchema,
  conversationListQuerySchema,
  conversationPageSchema,
  knowledgeEntrySchema,
  knowledgeInputSchema,
  knowledgePageSchema,
  publishRefusalSchema,
} from '@common/chatbots';
import { idParamSchema, pageQuerySchema } from '@common/http';
import { getConversation, listConversations } from './conversations';
import { createKnowledge, deleteKnowledge, listKnowledge, updateKnowledge } from './knowledge';
import { publishChatbot } from './publish';
import { createChatbot, deleteChatbot, getChatbot, listChatbotFlows, updateChatbot } from './service';

const entryParamsSchema = idParamSchema.extend({ entryId: z.uuid({ message: 'Not found' }) });
const conversationParamsSchema = idParamSchema.extend({ conversationId: z.uuid({ message: 'Not found' }) });

export async function chatbotsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = idParamSchema;

  r.get(
    '/api/chatbots',
    { schema: { querystring: pageQuerySchema, response: { 200: chatbotFlowPageSchema } } },
    async (req) => {
      const before = app.cursors.open(req.query.cursor, req.user.id, 'chatbots');
      const page = await listChatbotFlows(app.db, req.user.id, { limit: req.query.limit, before });
      return app.cursors.pageOf(page, req.user.id, 'chatbots');
    },
  );

  r.post(
    '/api/chatbots',
    { schema: { body: chatbotCreateSchema, response: { 201: chatbotDetailSchema } } },
    async (req, reply) => reply.code(201).send(await createChatbot(app.db, req.user.id, req.body)),
  );

  r.get('/api/chatbots/:id', { schema: { params, response: { 200: chatbotDetailSchema } } }, (req) =>
    getChatbot(app.db, req.user.id, req.params.id),
  );

  r.patch(
    '/api/chatbots/:id',
    { schema: { params, body: chatbotUpdateSchema, response: { 200: chatbotDetailSchema } } },
    (req) => updateChatbot(app.db, req.user.id, req.params.id, req.body),
  );

  r.delete('/api/chatbots/:id', { schema: { params } }, async (req, reply) => {
    await deleteChatbot(app.db, req.user.id, req.params.id);
    return reply.code(204).send();
  });

  r.post(
    '/api/chatbots/:id/publish',
    {
      // No body schema, as the other bare POSTs: its check would run before the session's and answer 400, not 401.
      schema: { params, response: { 200: chatbotDetailSchema, 422: publishRefusalSchema } },
    },
    async (req, reply) => {
      const result = await publishChatbot(app.db, req.user.id, req.params.id);
      if ('published' in result) return result.published;
      return reply.code(422).send({ error: chatbotMessages.cannotPublish, problems: result.problems });
    },
  );

  r.get(
    '/api/chatbots/:id/knowledge',
    { schema: { params, querystring: pageQuerySchema, response: { 200: knowledgePageSchema } } },
    async (req) => {
      // One list per bot: a cursor of another bot's knowledge is refused.
      const list = `chatbots:${req.params.id}:knowledge`;
      const before = app.cursors.open(req.query.cursor, req.user.id, list);
      const page = await listKnowledge(app.db, req.user.id, req.params.id, { limit: req.query.limit, before });
      return app.cursors.pageOf(page, req.user.id, list);
    },
  );

  r.post(
    '/api/chatbots/:id/knowledge',
    { schema: { params, body: knowledgeInputSchema, response: { 201: knowledgeEntrySchema } } },
    async (req, reply) => reply.code(201).send(await createKnowledge(app.db, req.user.id, req.params.id, req.body)),
  );

  r.patch(
    '/api/chatbots/:id/knowledge/:entryId',
    {
      schema: { params: entryParamsSchema, body: knowledgeInputSchema, response: { 200: knowledgeEntrySchema } },
    },
    (req) => updateKnowledge(app.db, req.user.id, req.params.id, req.params.entryId, req.body),
  );

  r.delete('/api/chatbots/:id/knowledge/:entryId', { schema: { params: entryParamsSchema } }, async (req, reply) => {
    await deleteKnowledge(app.db, req.user.id, req.params.id, req.params.entryId);
    return reply.code(204).send();
  });

  r.get(
    '/api/chatbots/:id/conversations',
    { schema: { params, querystring: conversationListQuerySchema, response: { 200: conversationPageSchema } } },
    async (req) => {
      const list = `chatbots:${req.params.id}:conversations`;
      const before = app.cursors.open(req.query.cursor, req.user.id, list);
      const { limit, q } = req.query;
      const page = await listConversations(app.db, req.user.id, req.params.id, { limit, before, q });
      return app.cursors.pageOf(page, req.user.id, list);
    },
  );

  r.get(
    '/api/chatbots/:id/conversations/:conversationId',
    { schema: { params: conversationParamsSchema, response: { 200: conversationDetailSchema } } },
    (req) => getConversation(app.db, req.user.id, req.params.id, req.params.conversationId),
  );
}
