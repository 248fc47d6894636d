import { z } from 'zod';
import { slotSchema, type Slot } from './booking';
import { type AskKind, MAX_OFFERED_SLOTS, MAX_VARIABLES, VARIABLE_NAME } from './chatbot-flow';
import { MAX_VALUE_LENGTH } from './form-rules';

// A chatbot conversation's state between steps, and what a step of the engine (chatbot-engine.ts) takes and gives.

/** The bot's own lines, for what a flow's text leaves empty. */
export const chatbotTexts = {
  aiLimit: 'I can’t answer more questions here, but the team will be glad to help.',
  aiFailure: 'Sorry, I couldn’t answer that just now. Please try again.',
  booked: 'Your appointment is booked. A confirmation is on its way.',
  noSlots: 'There are no free times to book right now.',
  bookFailed: 'Sorry, the appointment could not be booked.',
  date: 'Enter a date like 2026-03-31',
  /** When the flow itself is at fault (a loop, a block that is gone): the owner has to fix it. */
  broken: 'Sorry, this chat cannot go on right now.',
} as const;

/** Where a conversation waits: for the visitor (answer, question, followUp, slotChoice) or for an effect's result. */
export const conversationPhases = [
  'answer',
  'question',
  'followUp',
  'aiAnswer',
  'lead',
  'slots',
  'slotChoice',
  'booking',
] as const;
export type ConversationPhase = (typeof conversationPhases)[number];

/** A conversation as the server stores it between steps; small and plain JSON. */
export const conversationStateSchema = z.object({
  /** The block the conversation waits in (or ended in). */
  blockId: z.string().max(64).nullable(),
  /** What it waits for; null once finished. */
  phase: z.enum(conversationPhases).nullable(),
  variables: z
    .record(z.string().regex(VARIABLE_NAME), z.string().max(MAX_VALUE_LENGTH))
    .refine((variables) => Object.keys(variables).length <= MAX_VARIABLES),
  /** Questions sent to the AI provider so far, held to the flow's maxAiAnswers. */
  aiQuestions: z.number().int().min(0),
  /** Blocks entered since the visitor's last input, held to MAX_BLOCKS_WITHOUT_VISITOR. */
  blocksSinceVisitor: z.number().int().min(0),
  /** The free times shown, while the visitor chooses one. */
  offeredSlots: z.array(slotSchema).max(MAX_OFFERED_SLOTS),
  finished: z.boolean(),
  /** Why a conversation stopped early: the flow looped, or led to a block it does not have. */
  error: z.enum(['loop', 'brokenFlow']).nullable(),
});
export type ConversationState = z.infer<typeof conversationStateSchema>;

/** Work the server does for the conversation. */
export type Effect =
  | { type: 'aiAnswer'; question: string; instructions: string }
  | {
      type: 'captureLead';
      contact: { name: string | null; email: string; phone: string | null; company: string | null };
      deal: { pipelineId: string; stage: string } | null;
    }
  | { type: 'findSlots'; count: number }
  | { type: 'book'; start: string; name: string; email: string }
  /** The owner is told of the conversation and sent its transcript; nothing answers it. */
  | { type: 'notifyOwner' };

/** The visitor's input, or an effect's result. */
export type StepInput =
  | { type: 'text'; text: string }
  | { type: 'choice'; label: string }
  | { type: 'slot'; start: string }
  | { type: 'aiAnswered'; answer: string }
  | { type: 'leadCaptured' }
  | { type: 'slotsFound'; slots: Slot[] }
  | { type: 'booked' }
  | { type: 'slotTaken' }
  /** The awaited effect could not be carried out (the AI provider failed, the database refused…). */
  | { type: 'effectFailed' };

/** What the widget offers next. */
export type Expectation =
  /** Free text of a kind, with buttons beside it (the AI Answer's "Continue"). */
  | { type: 'text'; kind: Exclude<AskKind, 'buttons'>; buttons: string[] }
  | { type: 'buttons'; labels: string[] }
  | { type: 'slots'; slots: Slot[]; skipLabel: string | null }
  /** Nothing for the visitor: the server carries out the step's effect and steps again with its result. */
  | { type: 'effect'; effect: Effect['type'] }
  | { type: 'none' };

/** One line of the bot, plain text (never markup); blockId is null for the line of a broken flow. */
export interface BotMessage {
  blockId: string | null;
  text: string;
}

export interface StepResult {
  state: ConversationState;
  messages: BotMessage[];
  expect: Expectation;
  effects: Effect[];
  /** True when the input was not one the conversation waits for; the state is then unchanged. */
  refused: boolean;
}
