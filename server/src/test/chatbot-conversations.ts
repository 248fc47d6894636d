import { sql } from 'drizzle-orm';
import type { ConversationState } from '@common/chatbot-state';
import type { Db } from '../db/client';
import { selectRows } from '../db/select-rows';

// Tests' conversations, written straight into the tables as the visitor's side would leave them.

export interface SeededMessage {
  role: 'bot' | 'visitor';
  text: string;
  sources?: string[];
}

export interface SeededConversation {
  chatbotId: string;
  /** The bot's owner, in their own workspace. */
  userId: string;
  /** Seconds before now; the messages follow it a second apart. */
  ageSeconds?: number;
  visitorName?: string | null;
  visitorEmail?: string | null;
  variables?: Record<string, string>;
  finished?: boolean;
  preview?: boolean;
  contactId?: string | null;
  dealId?: string | null;
  bookingId?: string | null;
  messages?: SeededMessage[];
}

/** Stores one conversation with its transcript; answers its id. */
export async function seedConversation(db: Db, conversation: SeededConversation): Promise<string> {
  const state: ConversationState = {
    blockId: null,
    phase: conversation.finished ? null : 'answer',
    variables: conversation.variables ?? {},
    aiQuestions: 0,
    blocksSinceVisitor: 0,
    offeredSlots: [],
    finished: conversation.finished ?? false,
    error: null,
  };
  const age = conversation.ageSeconds ?? 0;
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`insert into chatbot_conversations (chatbot_id, workspace_id, user_id, visitor_token_hash, state, visitor_name,
        visitor_email, contact_id, deal_id, booking_id, preview, created_at, updated_at)
      values (${conversation.chatbotId}, ${conversation.userId}, ${conversation.userId}, 'test-token-hash', ${JSON.stringify(state)}::jsonb,
        ${conversation.visitorName ?? null}, ${conversation.visitorEmail ?? null}, ${conversation.contactId ?? null},
        ${conversation.dealId ?? null}, ${conversation.bookingId ?? null}, ${conversation.preview ?? false},
        now() - make_interval(secs => ${age}), now() - make_interval(secs => ${age}))
      returning id`,
  );
  const id = row!.id;
  for (const [i, message] of (conversation.messages ?? []).entries()) {
    await db.execute(
      sql`insert into chatbot_messages (conversation_id, workspace_id, user_id, role, text, sources, created_at)
        values (${id}, ${conversation.userId}, ${conversation.userId}, ${message.role}, ${message.text},
          ${JSON.stringify(message.sources ?? [])}::jsonb, now() - make_interval(secs => ${age - i - 1}))`,
    );
  }
  return id;
}
