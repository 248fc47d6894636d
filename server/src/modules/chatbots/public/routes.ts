import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CHAT_TOKEN_HEADER, chatbotMessages } from '@common/chatbots';
import { chatbotsApi } from '@common/chatbots-api';
import { findUser } from '../../../auth/guard';
import { countAttempts } from '../../../http/attempt-limits';
import { clientAddressKey } from '../../../http/client-address';
import { handleError } from '../../../http/error-handler';
import { serve } from '../../../http/serve';
import { hashIp } from '../../forms/public/service';
import type { AnswerQuestion } from '../ai/answer-types';
import { getPublicBot, resumeChat, startChat, takeTurn, type TurnOptions } from './conversation';
import { openEventStream } from './event-stream';
import { hashVisitorToken } from './token';

/** A start is a few bytes; a turn at most MAX_VISITOR_TEXT characters, escaped. */
const START_BODY_LIMIT = 4 * 1024;
const TURN_BODY_LIMIT = 16 * 1024;
const MINUTE = 60_000;

export interface PublicChatbotOptions {
  answerQuestion: AnswerQuestion;
}

/**
 * The visitor's API of a chatbot, no session (but the owner's, for a Preview of the draft): the widget calls it
 * from any site, so its answers allow any origin (no cookies but the owner's own, sent only from our origin), and
 * the cross-site write refusal leaves /api/public/ alone.
 */
export async function publicChatbotRoutes(app: FastifyInstance, options: PublicChatbotOptions) {
  /** Starts and turns count against the client's address, then the bot: one statement for both. */
  const limit = (req: FastifyRequest) =>
    countAttempts(
      app.db,
      [
        {
          key: `chatbot-messages:${clientAddressKey(req.ip)}`,
          max: app.config.chatbotMessagesPerMinute,
          windowMs: MINUTE,
        },
        {
          key: `chatbot-messages-bot:${(req.params as { id: string }).id}`,
          max: app.config.chatbotMessagesPerBotPerMinute,
          windowMs: MINUTE,
        },
      ],
      chatbotMessages.tooManyRequests,
    );

  app.addHook('onRequest', async (_req, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('cache-control', 'no-store');
  });
  app.options('/api/public/chatbots/*', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', `content-type, accept, ${CHAT_TOKEN_HEADER}`)
      .header('access-control-max-age', '600')
      .send(),
  );

  serve(app, chatbotsApi.publicBot, (req) => getPublicBot(app.db, req.params.id), {
    errorHandler: unknownAs(chatbotMessages.unavailable),
  });

  serve(
    app,
    chatbotsApi.start,
    async (req, reply) => {
      const preview = req.body.preview === true;
      const viewer = preview ? await findUser(req, reply) : null;
      const started = await startChat(
        app.db,
        {
          chatbotId: req.params.id,
          preview,
          viewerId: viewer?.id ?? null,
          ipHash: hashIp(app.config.secretKey, req.ip),
          secret: app.config.secretKey,
        },
        turnOptions(req, reply, options, () => {}),
      );
      return reply.code(201).send(started);
    },
    { bodyLimit: START_BODY_LIMIT, preHandler: limit, errorHandler: unknownAs(chatbotMessages.unavailable) },
  );

  serve(
    app,
    chatbotsApi.resume,
    (req, reply) =>
      resumeChat(
        app.db,
        {
          chatbotId: req.params.id,
          conversationId: req.params.conversationId,
          tokenHash: tokenHashOf(req, app.config.secretKey),
        },
        turnOptions(req, reply, options, () => {}),
      ),
    { errorHandler: unknownAs(chatbotMessages.conversationGone) },
  );

  serve(
    app,
    chatbotsApi.turn,
    async (req, reply) => {
      const target = {
        chatbotId: req.params.id,
        conversationId: req.params.conversationId,
        tokenHash: tokenHashOf(req, app.config.secretKey),
      };
      if (!wantsEventStream(req))
        return takeTurn(
          app.db,
          target,
          req.body,
          turnOptions(req, reply, options, () => {}),
        );
      // Opened at the first chunk of an AI answer, or with the whole turn: until then a refusal is a plain status.
      const stream = openEventStream(reply);
      try {
        const turn = await takeTurn(app.db, target, req.body, turnOptions(req, reply, options, stream.delta));
        stream.end('turn', turn);
      } catch (error) {
        if (!stream.isOpen) throw error;
        req.log.error({ err: error }, 'chat turn failed after its answer began');
        stream.end('error', { error: 'Something went wrong. Please try again.' });
      }
      return reply;
    },
    { bodyLimit: TURN_BODY_LIMIT, preHandler: limit, errorHandler: unknownAs(chatbotMessages.conversationGone) },
  );
}

function turnOptions(
  req: FastifyRequest,
  reply: FastifyReply,
  options: PublicChatbotOptions,
  onDelta: (text: string) => void,
): TurnOptions {
  const left = new AbortController();
  // The connection closed before the answer ended: the visitor left.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) left.abort();
  });
  return {
    answerQuestion: options.answerQuestion,
    onDelta,
    onError: (error) => req.log.error({ err: error }, 'chatbot effect failed'),
    signal: left.signal,
    mail: req.server.productMail,
  };
}

/** The token's stored form; a missing token matches no conversation. */
function tokenHashOf(req: FastifyRequest, secret: string): string {
  const token = req.headers[CHAT_TOKEN_HEADER];
  return typeof token === 'string' && token ? hashVisitorToken(secret, token) : '';
}

const wantsEventStream = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/event-stream');

/** A malformed id is an unknown one: the visitor's own words rather than the API's bare 404. */
function unknownAs(message: string) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
      void reply.code(404).send({ error: message });
      return;
    }
    void handleError(error, req, reply);
  };
}
