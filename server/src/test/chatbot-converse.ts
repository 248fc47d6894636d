import { startConversation, step } from '@common/chatbot-engine';
import type { FlowDefinition } from '@common/chatbot-flow';
import type { StepInput, StepResult } from '@common/chatbot-state';

// The chatbot engine's tests talk to a flow through these: one conversation, its lines, the visitor's inputs.

/** A conversation driven step by step, as the server will: each step starts from the state of the one before. */
export function converse(flow: FlowDefinition) {
  let last = startConversation(flow);
  return {
    get last(): StepResult {
      return last;
    },
    send(input: StepInput): StepResult {
      last = step(flow, last.state, input);
      return last;
    },
    say: (text: string) => step(flow, last.state, { type: 'text', text }),
  };
}

/** The texts of a step's lines. */
export const said = (result: StepResult) => result.messages.map((m) => m.text);

export const text = (value: string): StepInput => ({ type: 'text', text: value });
export const choice = (label: string): StepInput => ({ type: 'choice', label });
