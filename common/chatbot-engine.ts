import { type Block, ELSE_BRANCH, type FlowDefinition, allBlocks } from './chatbot-flow';
import {
  chatbotTexts,
  type ConversationPhase,
  type ConversationState,
  type Expectation,
  type StepInput,
  type StepResult,
} from './chatbot-state';
import { exit, isEmail, say, valueOf, visitorInputs, type Go, type Turn } from './chatbot-turn';
import {
  aiAnswered,
  aiLimitReached,
  answer,
  booked,
  captureLead,
  findSlots,
  matches,
  question,
  slotChosen,
  slotsFound,
} from './chatbot-blocks';

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
