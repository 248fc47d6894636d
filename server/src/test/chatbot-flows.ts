import type { Block, BlockOf, FlowDefinition } from '@common/chatbot-flow';

/* Blocks and flows for the chatbot's tests: each block with working defaults, so a test names only what it is
   about. Not used by the product. */

const position = { x: 0, y: 0 };

export const message = (id: string, text: string): BlockOf<'message'> => ({ id, type: 'message', text, position });

export const ask = (id: string, fields: Partial<BlockOf<'ask'>> = {}): BlockOf<'ask'> => ({
  id,
  type: 'ask',
  question: `Question ${id}?`,
  kind: 'text',
  buttons: [],
  variable: null,
  retryText: '',
  position,
  ...fields,
});

export const condition = (
  id: string,
  variable: string | null,
  branches: BlockOf<'condition'>['branches'],
): BlockOf<'condition'> => ({ id, type: 'condition', variable, branches, position });

export const aiAnswer = (id: string, fields: Partial<BlockOf<'aiAnswer'>> = {}): BlockOf<'aiAnswer'> => ({
  id,
  type: 'aiAnswer',
  prompt: 'What would you like to know?',
  instructions: '',
  askAnotherLabel: 'Ask another question',
  continueLabel: 'Continue',
  limitText: '',
  failureText: '',
  position,
  ...fields,
});

export const captureLead = (id: string, fields: Partial<BlockOf<'captureLead'>> = {}): BlockOf<'captureLead'> => ({
  id,
  type: 'captureLead',
  contact: { name: 'name', email: 'email', phone: null, company: null },
  deal: null,
  position,
  ...fields,
});

export const offerBooking = (id: string, fields: Partial<BlockOf<'offerBooking'>> = {}): BlockOf<'offerBooking'> => ({
  id,
  type: 'offerBooking',
  text: 'Pick a time for a call:',
  slotCount: 3,
  skipLabel: 'Not now',
  nameVariable: 'name',
  emailVariable: 'email',
  bookedText: '',
  noSlotsText: '',
  failureText: '',
  position,
  ...fields,
});

export const end = (id: string, text = 'Bye!', notifyOwner = false): BlockOf<'end'> => ({
  id,
  type: 'end',
  text,
  notifyOwner,
  position,
});

/** An edge as [from, to] or [from, to, branch]. */
export type EdgeSpec = [from: string, to: string, branch?: string];

/**
 * A flow of one group that starts at the first block; its variables are those the Ask blocks fill in, plus
 * `variables`.
 */
export function flowOf(
  blocks: Block[],
  edges: EdgeSpec[],
  options: { variables?: string[]; maxAiAnswers?: number; start?: string | null } = {},
): FlowDefinition {
  const filled = blocks.flatMap((block) => (block.type === 'ask' && block.variable ? [block.variable] : []));
  const names = [...new Set([...filled, ...(options.variables ?? [])])];
  return {
    version: 1,
    start: options.start === undefined ? (blocks[0]?.id ?? null) : options.start,
    groups: [{ id: 'main', name: 'Main', blocks }],
    edges: edges.map(([from, to, branch], index) => ({ id: `e${index}`, from, to, branch: branch ?? null })),
    variables: names.map((name) => ({ name })),
    settings: { maxAiAnswers: options.maxAiAnswers ?? 5 },
  };
}
