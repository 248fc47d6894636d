import { withMember } from '../../http/with-member';
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
    const page = await withMember(req, (db, member) =>
      listChatbotFlows(db, member, { limit: req.query.limit, before }),
    );
    return app.cursors.pageOf(page, req.user.id, 'chatbots');
  });

  serve(app, chatbotsApi.create, async (req, reply) =>
    reply.code(201).send(await withMember(req, (db, member) => createChatbot(db, member, req.body))),
  );

  serve(app, chatbotsApi.one, (req) => withMember(req, (db, member) => getChatbot(db, member, req.params.id)));

  serve(app, chatbotsApi.update, (req) =>
    withMember(req, (db, member) => updateChatbot(db, member, req.params.id, req.body)),
  );

  serve(app, chatbotsApi.remove, async (req, reply) => {
    await withMember(req, (db, member) => deleteChatbot(db, member, req.params.id));
    return reply.code(204).send();
  });

  serve(app, chatbotsApi.publish, async (req, reply) => {
    const result = await withMember(req, (db, member) => publishChatbot(db, member, req.params.id));
    if ('published' in result) return result.published;
    return reply.code(422).send({ error: chatbotMessages.cannotPublish, problems: result.problems });
  });

  serve(app, chatbotsApi.knowledge, async (req) => {
    // One list per bot: a cursor of another bot's knowledge is refused.
    const list = `chatbots:${req.params.id}:knowledge`;
    const before = app.cursors.open(req.query.cursor, req.user.id, list);
    const page = await withMember(req, (db, member) =>
      listKnowledge(db, member, req.params.id, { limit: req.query.limit, before }),
    );
    return app.cursors.pageOf(page, req.user.id, list);
  });

  serve(app, chatbotsApi.addKnowledge, async (req, reply) =>
    reply.code(201).send(await withMember(req, (db, member) => createKnowledge(db, member, req.params.id, req.body))),
  );

  serve(app, chatbotsApi.updateKnowledge, (req) =>
    withMember(req, (db, member) => updateKnowledge(db, member, req.params.id, req.params.entryId, req.body)),
  );

  serve(app, chatbotsApi.removeKnowledge, async (req, reply) => {
    await withMember(req, (db, member) => deleteKnowledge(db, member, req.params.id, req.params.entryId));
    return reply.code(204).send();
  });

  serve(app, chatbotsApi.conversations, async (req) => {
    const list = `chatbots:${req.params.id}:conversations`;
    const before = app.cursors.open(req.query.cursor, req.user.id, list);
    const { limit, q } = req.query;
    const page = await withMember(req, (db, member) =>
      listConversations(db, member, req.params.id, { limit, before, q }),
    );
    return app.cursors.pageOf(page, req.user.id, list);
  });

  serve(app, chatbotsApi.conversation, (req) =>
    withMember(req, (db, member) => getConversation(db, member, req.params.id, req.params.conversationId)),
  );
}
