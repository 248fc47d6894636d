import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ChatbotDetail } from '@common/chatbots';
import type { Db } from '../db/client';
import { selectRows } from '../db/select-rows';
import type { UserClient } from './test-app';

// Helpers of the owner's chatbot tests (modules/chatbots/owner.test.ts, owner-publish.test.ts,
// owner-isolation.test.ts).

/** A timestamp as the API writes it. */
export const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

/** A chatbot of the user's, made through the API. */
export async function create(user: UserClient, name = 'Helper', description: string | null = 'Answers questions') {
  const res = await user.post('/api/chatbots', { name, description });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ChatbotDetail>();
}

/** A chatbot's row as stored. */
export const chatbotRow = async (db: Db, id: string) =>
  (
    await selectRows<{
      name: string;
      is_active: boolean;
      draft_flow: unknown;
      published_flow: unknown;
      updated_at: string;
    }>(
      db,
      sql`select name, is_active, draft_flow, published_flow, updated_at::text from chatbot_flows where id = ${id}`,
    )
  )[0];
