import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AiConfigInput } from '@common/ai-config';
import type { Db } from '../db/client';
import { ownedBy, soloMember } from '../db/member-scope';
import { chatbotFlows, chatbotKnowledge, chatbotPassages } from '../db/schema';
import type { UserClient } from './test-app';
import type { AnswerEvent, AnswerQuestion, AnswerRequest } from '../modules/chatbots/ai/answer-types';

/* Rows the AI tests start from, written straight to the tables: the owner's chatbot routes are another part's. */

/** A bot of the user's in their own workspace. */
export async function createBot(db: Db, userId: string, name = 'Support bot'): Promise<string> {
  const [row] = await db
    .insert(chatbotFlows)
    .values({ ...ownedBy(soloMember(userId)), name })
    .returning({ id: chatbotFlows.id });
  return row!.id;
}

/** A knowledge entry as one passage per paragraph. */
export async function addKnowledge(db: Db, userId: string, chatbotId: string, title: string, body: string) {
  const [entry] = await db
    .insert(chatbotKnowledge)
    .values({ chatbotId, ...ownedBy(soloMember(userId)), kind: 'document', title, body })
    .returning({ id: chatbotKnowledge.id });
  const paragraphs = body.split(/\n{2,}/);
  await db.insert(chatbotPassages).values(
    paragraphs.map((text, position) => ({
      knowledgeId: entry!.id,
      chatbotId,
      ...ownedBy(soloMember(userId)),
      title,
      text,
      position,
    })),
  );
}

export async function aiErrorOf(db: Db, chatbotId: string) {
  const [row] = await db
    .select({ message: chatbotFlows.aiError, at: chatbotFlows.aiErrorAt })
    .from(chatbotFlows)
    .where(eq(chatbotFlows.id, chatbotId));
  return row!;
}

export async function collect(answer: AnswerQuestion, request: AnswerRequest): Promise<AnswerEvent[]> {
  const events: AnswerEvent[] = [];
  for await (const event of answer(request)) events.push(event);
  return events;
}

/** PUT /api/settings/ai as this user. */
export function saveAiConfig(app: FastifyInstance, user: UserClient, input: AiConfigInput) {
  return app.inject({ method: 'PUT', url: '/api/settings/ai', headers: { cookie: user.cookie }, payload: input });
}
