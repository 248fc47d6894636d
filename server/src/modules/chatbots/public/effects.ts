import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Effect, StepInput } from '@common/chatbot-state';
import type { Db, Tx } from '../../../db/client';
import { chatbotConversations } from '../../../db/schema';
import { AppError } from '../../../errors';
import { bookingConfirmationMail } from '../../booking/public/confirmation-mail';
import { bookSlot, getFirstFreeSlots } from '../../booking/public/service';
import type { ProductMail } from '../../../product-mail';
import { saveLead } from '../../deals/lead';
import { emitEvent } from '../../webhooks/emit';
import { addWantedNotification } from '../../notifications/notify';
import type { Conversation, ConversationLinks } from './store';
import { botOwner, readTranscript } from './store';

// The engine's effects that touch the CRM: the lead (the forms' own lead rules, for the bot's owner in its
// workspace), the owner's free slots and a booking (the booking page's own functions), the owner's notifications. A
// preview writes none of them and is answered as if done.

type Capture = Extract<Effect, { type: 'captureLead' }>;
type Book = Extract<Effect, { type: 'book' }>;

/** Where the bell's click opens the conversation (the bot's Conversations tab). */
export const conversationLink = (conversation: Pick<Conversation, 'id' | 'bot'>) =>
  `/app/chatbot/${conversation.bot.id}/conversations?conversation=${conversation.id}`;

/**
 * Capture Lead: the contact found by e-mail or made, and the deal in the block's pipeline and stage named
 * "<bot> – <visitor>", in one transaction with the conversation's links and the owner's notification.
 */
export async function captureLead(db: Db, conversation: Conversation, effect: Capture): Promise<StepInput> {
  if (conversation.preview) return { type: 'leadCaptured' };
  const { contact } = effect;
  const visitor = contact.name ?? contact.email;
  await db.transaction(async (tx) => {
    const owner = botOwner(conversation.bot);
    const lead = await saveLead(tx, owner, {
      contact: {
        name: contact.name ?? undefined,
        email: contact.email,
        phone: contact.phone ?? undefined,
        company: contact.company ?? undefined,
      },
      deal: effect.deal && {
        pipelineId: effect.deal.pipelineId,
        stages: [effect.deal.stage],
        name: `${conversation.bot.name} – ${visitor}`,
        value: null,
        notes: null,
      },
    });
    await tx
      .update(chatbotConversations)
      .set({
        contactId: lead.contactId,
        dealId: lead.dealId,
        visitorEmail: contact.email,
        ...(contact.name ? { visitorName: contact.name } : {}),
      })
      .where(eq(chatbotConversations.id, conversation.id));
    await emitEvent(tx, owner, 'chat_lead.captured', {
      chatbotId: conversation.bot.id,
      chatbotName: conversation.bot.name,
      conversationId: conversation.id,
      contact: { name: contact.name, email: contact.email, phone: contact.phone, company: contact.company },
      contactId: lead.contactId,
      dealId: lead.dealId,
    });
    await addWantedNotification(tx, 'formSubmissions', {
      userId: conversation.bot.userId,
      kind: 'form_submission',
      title: `New lead from ${conversation.bot.name}`,
      body: [contact.name, contact.email].filter(Boolean).join(' · '),
      link: conversationLink(conversation),
      sourceId: conversation.id,
    });
  });
  return { type: 'leadCaptured' };
}

/** Offer Booking: the owner's next free slots from now, by the booking page's rule. */
export async function findSlots(db: Db, conversation: Conversation, count: number): Promise<StepInput> {
  const slots = await getFirstFreeSlots(db, conversation.bot.userId, count);
  return slots ? { type: 'slotsFound', slots } : { type: 'effectFailed' };
}

/**
 * The chosen slot booked as the booking page books it (the same overlap constraint, the owner's notification, the
 * visitor's mailed confirmation when the server sends mail);
 * a slot another visitor took meanwhile, or that is no longer free by the rules, is offered again.
 */
export async function book(
  db: Db,
  conversation: Conversation,
  effect: Book,
  mail: ProductMail | null,
): Promise<{ input: StepInput; links?: ConversationLinks }> {
  if (conversation.preview) return { input: { type: 'booked' } };
  const name = effect.name.slice(0, 200);
  try {
    const { created, booking } = await bookSlot(db, conversation.bot.userId, {
      start: effect.start,
      name,
      email: effect.email,
      notes: null,
      idempotencyKey: randomUUID(),
    });
    if (created && mail) void mail.send(bookingConfirmationMail(booking, effect.email));
    return {
      input: { type: 'booked' },
      links: { bookingId: booking.id, visitorName: name, visitorEmail: effect.email },
    };
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 409 || error.statusCode === 400))
      return { input: { type: 'slotTaken' } };
    throw error;
  }
}

/** End with "notify the owner": the bell says who it was and how the conversation went. */
export async function notifyOwner(tx: Tx, conversation: Conversation): Promise<void> {
  if (conversation.preview) return;
  const [row] = await tx
    .select({ name: chatbotConversations.visitorName, email: chatbotConversations.visitorEmail })
    .from(chatbotConversations)
    .where(eq(chatbotConversations.id, conversation.id));
  const lines = await readTranscript(tx, conversation.id, 50);
  const asked = lines.filter((line) => line.role === 'visitor').map((line) => `“${line.text}”`);
  const who = [row?.name, row?.email].filter(Boolean).join(' · ') || 'A visitor';
  const summary = [`${who}, ${lines.length} messages`, ...asked.slice(-3)].join(' · ');
  await addWantedNotification(tx, 'formSubmissions', {
    userId: conversation.bot.userId,
    kind: 'form_submission',
    title: `Chatbot conversation: ${conversation.bot.name}`,
    body: summary,
    link: conversationLink(conversation),
    // Not the conversation's id: its captured lead's notification is of the same kind and has that one.
    sourceId: randomUUID(),
  });
}
