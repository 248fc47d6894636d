import type { FastifyInstance } from 'fastify';
import { chatbotMessages } from '@common/chatbots';
import { chatbotsApi } from '@common/chatbots-api';
import { serve } from '../../http/serve';
import { getConversation, listConversations } from './conversations';
import { createKnowledge, deleteKnowledge, listKnowledge, updateKnowledge } from './knowledge';
import { publishChatbot } from './publish';
import { createChatbot, deleteChatbot, getChatbot, listChatbotFlows, updateChatbot } from './service';

export async function chatbotsRoutes(app: FastifyInstance) {
  serve(app, chatbotsApi.list, async (req) => {
    const before = app.cursors.open(req.query.cursor, req.user.id, 'chatbots');
    const page = await listChatbotFlows(app.db, req.member, { limit: req.query.limit, before });
    return app.cursors.pageOf(page, req.user.id, 'chatbots');
  });

  serve(app, chatbotsApi.create, async (req, reply) =>
    reply.code(201).send(await createChatbot(app.db, req.member, req.body)),
  );

  serve(app, chatbotsApi.one, (req) => getChatbot(app.db, req.member, req.params.id));

  serve(app, chatbotsApi.update, (req) => updateChatbot(app.db, req.member, req.params.id, req.body));

  serve(app, chatbotsApi.remove, async (req, reply) => {
    await deleteChatbot(app.db, req.member, req.params.id);
    return reply.code(204).send();
  });

  serve(app, chatbotsApi.publish, async (req, reply) => {
    const result = await publishChatbot(app.db, req.member, req.params.id);
    if ('published' in result) return result.published;
    return reply.code(422).send({ error: chatbotMessages.cannotPublish, problems: result.problems });
  });

  serve(app, chatbotsApi.knowledge, async (req) => {
    // One list per bot: a cursor of another bot's knowledge is refused.
    const list = `chatbots:${req.params.id}:knowledge`;
    const before = app.cursors.open(req.query.cursor, req.user.id, list);
    const page = await listKnowledge(app.db, req.member, req.params.id, { limit: req.query.limit, before });
    return app.cursors.pageOf(page, req.user.id, list);
  });

  serve(app, chatbotsApi.addKnowledge, async (req, reply) =>
    reply.code(201).send(await createKnowledge(app.db, req.member, req.params.id, req.body)),
  );

  serve(app, chatbotsApi.updateKnowledge, (req) =>
    updateKnowledge(app.db, req.member, req.params.id, req.params.entryId, req.body),
  );

  serve(app, chatbotsApi.removeKnowledge, async (req, reply) => {
    await deleteKnowledge(app.db, req.member, req.params.id, req.params.entryId);
    return reply.code(204).send();
  });

  serve(app, chatbotsApi.conversations, async (req) => {
    const list = `chatbots:${req.params.id}:conversations`;
    const before = app.cursors.open(req.query.cursor, req.user.id, list);
    const { limit, q } = req.query;
    const page = await listConversations(app.db, req.member, req.params.id, { limit, before, q });
    return app.cursors.pageOf(page, req.user.id, list);
  });

  serve(app, chatbotsApi.conversation, (req) =>
    getConversation(app.db, req.member, req.params.id, req.params.conversationId),
  );
}
