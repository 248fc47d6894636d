import { z } from 'zod';
import { slotSchema, type Slot } from './booking';
import { bookingMessages } from './booking-messages';
import {
  type AskKind,
  type Block,
  type BlockOf,
  ELSE_BRANCH,
  type FlowDefinition,
  MAX_OFFERED_SLOTS,
  MAX_TEXT_LENGTH,
  MAX_VARIABLES,
  VARIABLE_NAME,
  allBlocks,
  fillVariables,
  numberOf,
} from './chatbot-flow';
import { MAX_VALUE_LENGTH, checkValue, fieldMessages } from './form-rules';

/* The chatbot's engine (issue "AI chatbot"): one pure step from a conversation's state and the latest input to the
   next state, the bot's lines and what the widget offers next. It reads no database and calls no AI: work with
   the world is an effect the server carries out and answers with another step. A step emits at most one effect,
   and every effect but the End's notification is answered before the conversation moves on, so the server carries
   them out one at a time, in the flow's order. */

/**
 * Blocks a conversation may pass through between two inputs of the visitor. Nothing but an answer changes a
 * variable, so a Condition loop would otherwise spin for ever; no visitor reads 50 lines in a row.
 */
export const MAX_BLOCKS_WITHOUT_VISITOR = 50;

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

/** Where a block's work goes from here: on to an exit's block (null: no edge, the conversation ends), or wait. */
type Go = { to: string | null } | { wait: ConversationPhase };

/** One step in the making: a copy of the state and what the step says and asks for. */
interface Turn {
  flow: FlowDefinition;
  blocks: ReadonlyMap<string, Block>;
  state: ConversationState;
  messages: BotMessage[];
  effects: Effect[];
}

const visitorInputs: ReadonlySet<StepInput['type']> = new Set(['text', 'choice', 'slot']);

/** A new conversation, run from the flow's start to the first thing it waits for. */
export function startConversation(flow: FlowDefinition): StepResult {
  const turn = turnOf(flow, {
    blockId: null,
    phase: null,
    variables: {},
    aiQuestions: 0,
    blocksSinceVisitor: 0,
    offeredSlots: [],
    finished: false,
    error: null,
  });
  if (flow.start === null) finish(turn, 'brokenFlow');
  else runFrom(turn, flow.start);
  return resultOf(turn);
}

/**
 * The conversation's next step: the input is handed to the block the conversation waits in, which may move it on
 * through further blocks to the next thing it waits for. An input the conversation does not wait for (a text
 * while the AI answers, anything once finished) is refused and changes nothing. A conversation whose block the
 * flow no longer has ends as broken.
 */
export function step(flow: FlowDefinition, state: ConversationState, input: StepInput): StepResult {
  if (state.finished) return refused(flow, state);
  const turn = turnOf(flow, { ...state, variables: { ...state.variables }, offeredSlots: [...state.offeredSlots] });
  const block = waitingBlock(turn.blocks, state);
  if (!block || !state.phase) {
    // The flow no longer has the block the conversation waits in (or it is no block that waits).
    finish(turn, 'brokenFlow');
    return resultOf(turn);
  }
  if (visitorInputs.has(input.type)) turn.state.blocksSinceVisitor = 0;
  const go = resume(turn, block, state.phase, input);
  if (go === 'refused') return refused(flow, state);
  if ('wait' in go) turn.state.phase = go.wait;
  else runFrom(turn, go.to);
  return resultOf(turn);
}

/** What the widget offers in a state (also after a refused input). */
export function expectationOf(flow: FlowDefinition, state: ConversationState): Expectation {
  const block = waitingBlock(new Map(allBlocks(flow).map((b) => [b.id, b])), state);
  if (!block || state.finished) return { type: 'none' };
  switch (block.type) {
    case 'ask':
      return block.kind === 'buttons'
        ? { type: 'buttons', labels: [...block.buttons] }
        : { type: 'text', kind: block.kind, buttons: [] };
    case 'aiAnswer':
      if (state.phase === 'aiAnswer') return { type: 'effect', effect: 'aiAnswer' };
      return {
        type: 'text',
        kind: 'text',
        buttons: state.phase === 'followUp' ? [block.askAnotherLabel, block.continueLabel] : [block.continueLabel],
      };
    case 'captureLead':
      return { type: 'effect', effect: 'captureLead' };
    case 'offerBooking':
      if (state.phase === 'slotChoice')
        return { type: 'slots', slots: [...state.offeredSlots], skipLabel: block.skipLabel.trim() || null };
      return { type: 'effect', effect: state.phase === 'booking' ? 'book' : 'findSlots' };
    default:
      return { type: 'none' };
  }
}

const phasesOf: Partial<Record<Block['type'], readonly ConversationPhase[]>> = {
  ask: ['answer'],
  aiAnswer: ['question', 'followUp', 'aiAnswer'],
  captureLead: ['lead'],
  offerBooking: ['slots', 'slotChoice', 'booking'],
};

/** The block a conversation waits in, if the flow still has it and it can wait in that phase. */
function waitingBlock(blocks: ReadonlyMap<string, Block>, state: ConversationState): Block | null {
  const block = state.blockId === null ? undefined : blocks.get(state.blockId);
  return block && state.phase && phasesOf[block.type]?.includes(state.phase) ? block : null;
}

function turnOf(flow: FlowDefinition, state: ConversationState): Turn {
  return { flow, blocks: new Map(allBlocks(flow).map((b) => [b.id, b])), state, messages: [], effects: [] };
}

function resultOf(turn: Turn): StepResult {
  const { state, messages, effects } = turn;
  return { state, messages, effects, expect: expectationOf(turn.flow, state), refused: false };
}

function refused(flow: FlowDefinition, state: ConversationState): StepResult {
  return { state, messages: [], effects: [], expect: expectationOf(flow, state), refused: true };
}

/** Enters blocks from `target` on until one waits or the conversation ends. */
function runFrom(turn: Turn, target: string | null): void {
  const { state } = turn;
  state.offeredSlots = [];
  for (let next = target; ;) {
    if (next === null) return finish(turn, null);
    const block = turn.blocks.get(next);
    if (!block) return finish(turn, 'brokenFlow');
    if (++state.blocksSinceVisitor > MAX_BLOCKS_WITHOUT_VISITOR) return finish(turn, 'loop');
    state.blockId = block.id;
    const go = enter(turn, block);
    if ('wait' in go) {
      state.phase = go.wait;
      return;
    }
    next = go.to;
  }
}

function finish(turn: Turn, error: ConversationState['error']): void {
  Object.assign(turn.state, { phase: null, finished: true, error, offeredSlots: [] });
  if (error) turn.messages.push({ blockId: null, text: chatbotTexts.broken });
}

/** The block an exit leads to; null when the exit has no edge. */
function exit(turn: Turn, block: Block, branch: string | null = null): { to: string | null } {
  const edge = turn.flow.edges.find((e) => e.from === block.id && e.branch === branch);
  return { to: edge?.to ?? null };
}

/** Says an owner's text with the variables filled in; an empty line is not said. */
function say(turn: Turn, block: Block, text: string, fallback = ''): void {
  const line = fillVariables(text, turn.state.variables).trim() || fallback;
  if (line) turn.messages.push({ blockId: block.id, text: line });
}

/** A variable's value, trimmed; empty when unset or when no variable is chosen. */
const valueOf = (turn: Turn, name: string | null) => (name ? (turn.state.variables[name] ?? '').trim() : '');
const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const isEmail = (value: string) => value !== '' && checkValue('email', value) === null;

function enter(turn: Turn, block: Block): Go {
  switch (block.type) {
    case 'message':
      say(turn, block, block.text);
      return exit(turn, block);
    case 'ask':
      say(turn, block, block.question);
      return { wait: 'answer' };
    case 'condition': {
      const value = valueOf(turn, block.variable);
      const branch = block.branches.find((b) => matches(b, value));
      return exit(turn, block, branch?.id ?? ELSE_BRANCH);
    }
    case 'aiAnswer':
      if (turn.state.aiQuestions >= turn.flow.settings.maxAiAnswers) return aiLimitReached(turn, block);
      say(turn, block, block.prompt);
      return { wait: 'question' };
    case 'captureLead':
      return captureLead(turn, block);
    case 'offerBooking':
      // No booking can be made without the visitor's name and e-mail: the block is passed by.
      if (!valueOf(turn, block.nameVariable) || !isEmail(valueOf(turn, block.emailVariable))) return exit(turn, block);
      say(turn, block, block.text);
      return findSlots(turn, block);
    case 'end':
      say(turn, block, block.text);
      if (block.notifyOwner) turn.effects.push({ type: 'notifyOwner' });
      return { to: null };
  }
}

function resume(turn: Turn, block: Block, phase: ConversationPhase, input: StepInput): Go | 'refused' {
  switch (block.type) {
    case 'ask':
      return answer(turn, block, input);
    case 'aiAnswer':
      return phase === 'aiAnswer' ? aiAnswered(turn, block, input) : question(turn, block, phase, input);
    case 'captureLead':
      return input.type === 'leadCaptured' || input.type === 'effectFailed' ? exit(turn, block) : 'refused';
    case 'offerBooking':
      if (phase === 'slots') return slotsFound(turn, block, input);
      return phase === 'slotChoice' ? slotChosen(turn, block, input) : booked(turn, block, input);
    default:
      return 'refused';
  }
}

/** Whether a Condition branch holds for a variable's (trimmed) value; a number test needs two numbers. */
function matches(branch: BlockOf<'condition'>['branches'][number], value: string): boolean {
  const wanted = branch.value.trim().toLowerCase();
  const [a, b] = [numberOf(value), numberOf(branch.value)];
  switch (branch.operator) {
    case 'equals':
      return value.toLowerCase() === wanted;
    case 'contains':
      return value.toLowerCase().includes(wanted);
    case 'isSet':
      return value !== '';
    case 'gt':
      return a > b;
    case 'lt':
      return a < b;
    case 'gte':
      return a >= b;
    case 'lte':
      return a <= b;
  }
}

/** An Ask's answer: stored and on, or the retry line and the same question again. */
function answer(turn: Turn, block: BlockOf<'ask'>, input: StepInput): Go | 'refused' {
  const given = input.type === 'text' ? input.text : input.type === 'choice' ? input.label : null;
  if (given === null || (input.type === 'choice' && block.kind !== 'buttons')) return 'refused';
  const checked = checkAnswer(block, given);
  if ('problem' in checked) {
    say(turn, block, block.retryText, checked.problem);
    say(turn, block, block.question);
    return { wait: 'answer' };
  }
  if (block.variable) turn.state.variables[block.variable] = checked.value;
  return exit(turn, block);
}

/** An answer held to the form rules of the Ask's kind: the trimmed value (a button's own label), or why not. */
export function checkAnswer(block: BlockOf<'ask'>, given: string): { value: string } | { problem: string } {
  const value = given.trim();
  if (block.kind === 'buttons') {
    const chosen = block.buttons.find((button) => button.trim() !== '' && sameLabel(button, value));
    return chosen === undefined ? { problem: fieldMessages.option } : { value: chosen };
  }
  if (value === '') return { problem: fieldMessages.required };
  if (value.length > MAX_VALUE_LENGTH) return { problem: fieldMessages.tooLong(MAX_VALUE_LENGTH) };
  const problem = {
    text: null,
    email: checkValue('email', value),
    phone: checkValue('phone', value),
    number: checkValue('numeric', value),
    date: isCalendarDate(value) ? null : chatbotTexts.date,
  }[block.kind];
  return problem ? { problem } : { value };
}

/** 'YYYY-MM-DD' of a day that exists (the widget's date picker sends this form). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function aiLimitReached(turn: Turn, block: BlockOf<'aiAnswer'>): Go {
  say(turn, block, block.limitText, chatbotTexts.aiLimit);
  return exit(turn, block);
}

/** While the AI Answer waits for the visitor: a question for the AI, "ask another", or go on. */
function question(turn: Turn, block: BlockOf<'aiAnswer'>, phase: ConversationPhase, input: StepInput): Go | 'refused' {
  if (input.type === 'choice') {
    if (sameLabel(input.label, block.continueLabel)) return exit(turn, block);
    if (phase !== 'followUp' || !sameLabel(input.label, block.askAnotherLabel)) return 'refused';
    say(turn, block, block.prompt);
    return { wait: 'question' };
  }
  if (input.type !== 'text') return 'refused';
  const asked = input.text.trim();
  if (asked === '') return { wait: phase };
  if (asked.length > MAX_TEXT_LENGTH) {
    turn.messages.push({ blockId: block.id, text: fieldMessages.tooLong(MAX_TEXT_LENGTH) });
    return { wait: phase };
  }
  if (turn.state.aiQuestions >= turn.flow.settings.maxAiAnswers) return aiLimitReached(turn, block);
  turn.state.aiQuestions += 1;
  const instructions = fillVariables(block.instructions, turn.state.variables).trim();
  turn.effects.push({ type: 'aiAnswer', question: asked, instructions });
  return { wait: 'aiAnswer' };
}

/** The AI's answer is said as it came (no variables filled in), then "ask another" or go on. */
function aiAnswered(turn: Turn, block: BlockOf<'aiAnswer'>, input: StepInput): Go | 'refused' {
  if (input.type === 'aiAnswered' && input.answer.trim())
    turn.messages.push({ blockId: block.id, text: input.answer.trim() });
  else if (input.type === 'aiAnswered' || input.type === 'effectFailed')
    say(turn, block, block.failureText, chatbotTexts.aiFailure);
  else return 'refused';
  return { wait: 'followUp' };
}

function captureLead(turn: Turn, block: BlockOf<'captureLead'>): Go {
  const email = valueOf(turn, block.contact.email);
  // An e-mail is what a contact is found or made by: without one (a path that did not ask) nothing is captured.
  if (!isEmail(email)) return exit(turn, block);
  const optional = (name: string | null) => valueOf(turn, name) || null;
  turn.effects.push({
    type: 'captureLead',
    contact: {
      name: optional(block.contact.name),
      email,
      phone: optional(block.contact.phone),
      company: optional(block.contact.company),
    },
    deal: block.deal && { ...block.deal },
  });
  return { wait: 'lead' };
}

function findSlots(turn: Turn, block: BlockOf<'offerBooking'>): Go {
  turn.effects.push({ type: 'findSlots', count: block.slotCount });
  return { wait: 'slots' };
}

function slotsFound(turn: Turn, block: BlockOf<'offerBooking'>, input: StepInput): Go | 'refused' {
  if (input.type === 'effectFailed') return sayAndExit(turn, block, block.failureText, chatbotTexts.bookFailed);
  if (input.type !== 'slotsFound') return 'refused';
  const slots = input.slots.slice(0, block.slotCount);
  if (slots.length === 0) return sayAndExit(turn, block, block.noSlotsText, chatbotTexts.noSlots);
  turn.state.offeredSlots = slots.map(({ start, end }) => ({ start, end }));
  return { wait: 'slotChoice' };
}

/** The visitor's pick among the shown times: booked in the names the block maps, skipped, or asked again. */
function slotChosen(turn: Turn, block: BlockOf<'offerBooking'>, input: StepInput): Go | 'refused' {
  if (input.type === 'choice' && block.skipLabel.trim() && sameLabel(input.label, block.skipLabel))
    return exit(turn, block);
  const start = input.type === 'slot' ? input.start : null;
  if (start === null || !turn.state.offeredSlots.some((slot) => slot.start === start)) {
    if (!visitorInputs.has(input.type)) return 'refused';
    turn.messages.push({ blockId: block.id, text: bookingMessages.notASlot });
    return { wait: 'slotChoice' };
  }
  turn.state.offeredSlots = [];
  const name = valueOf(turn, block.nameVariable);
  turn.effects.push({ type: 'book', start, name, email: valueOf(turn, block.emailVariable) });
  return { wait: 'booking' };
}

/** The booking's outcome: on when booked (or failed), the free times again when the slot was taken meanwhile. */
function booked(turn: Turn, block: BlockOf<'offerBooking'>, input: StepInput): Go | 'refused' {
  switch (input.type) {
    case 'booked':
      return sayAndExit(turn, block, block.bookedText, chatbotTexts.booked);
    case 'slotTaken':
      turn.messages.push({ blockId: block.id, text: bookingMessages.slotTaken });
      return findSlots(turn, block);
    case 'effectFailed':
      return sayAndExit(turn, block, block.failureText, chatbotTexts.bookFailed);
    default:
      return 'refused';
  }
}

function sayAndExit(turn: Turn, block: Block, text: string, fallback: string): Go {
  say(turn, block, text, fallback);
  return exit(turn, block);
}
