import { type Block, type FlowDefinition, fillVariables } from './chatbot-flow';
import { checkValue } from './form-rules';
import type { BotMessage, ConversationPhase, ConversationState, Effect, StepInput } from './chatbot-state';

// One step of the engine in the making, and what every block's handler uses to speak and move on.

/** Where a block's work goes from here: on to an exit's block (null: no edge, the conversation ends), or wait. */
export type Go = { to: string | null } | { wait: ConversationPhase };

/** One step in the making: a copy of the state and what the step says and asks for. */
export interface Turn {
  flow: FlowDefinition;
  blocks: ReadonlyMap<string, Block>;
  state: ConversationState;
  messages: BotMessage[];
  effects: Effect[];
}

/** The block an exit leads to; null when the exit has no edge. */
export function exit(turn: Turn, block: Block, branch: string | null = null): { to: string | null } {
  const edge = turn.flow.edges.find((e) => e.from === block.id && e.branch === branch);
  return { to: edge?.to ?? null };
}

/** Says an owner's text with the variables filled in; an empty line is not said. */
export function say(turn: Turn, block: Block, text: string, fallback = ''): void {
  const line = fillVariables(text, turn.state.variables).trim() || fallback;
  if (line) turn.messages.push({ blockId: block.id, text: line });
}

/** A variable's value, trimmed; empty when unset or when no variable is chosen. */
export const valueOf = (turn: Turn, name: string | null) => (name ? (turn.state.variables[name] ?? '').trim() : '');
export const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
export const isEmail = (value: string) => value !== '' && checkValue('email', value) === null;

/** The inputs that come from the visitor, as opposed to an effect's result. */
export const visitorInputs: ReadonlySet<StepInput['type']> = new Set(['text', 'choice', 'slot']);
