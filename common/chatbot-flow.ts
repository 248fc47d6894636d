import { z } from 'zod';
import { checkValue } from './form-rules';

/* The chatbot's flow (issue "AI chatbot"): one schema for the draft the builder saves and the version a chatbot
   runs once published. A draft may be unfinished (no start, a connection to nowhere, an Ask without a variable);
   validateFlowForPublish (chatbot-publish.ts) says what stands in the way of publishing it. The engine
   (chatbot-engine.ts) runs it. */

export const MAX_BLOCKS = 200;
export const MAX_EDGES = 400;
export const MAX_GROUPS = 50;
export const MAX_VARIABLES = 100;
export const MAX_TEXT_LENGTH = 2000;
/** A button's label, a block's name, a group's name. */
export const MAX_LABEL_LENGTH = 80;
export const MAX_BUTTONS = 10;
export const MAX_BRANCHES = 20;
/** Free slots shown at once by an Offer Booking block. */
export const MAX_OFFERED_SLOTS = 10;
export const MAX_AI_ANSWERS = 100;

export const VARIABLE_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,39}$/;
/** `{{name}}` in a text, spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([a-zA-Z_][a-zA-Z0-9_]{0,39})\s*\}\}/g;

/** The exit a Condition takes when none of its branches matches. */
export const ELSE_BRANCH = 'else';

export const blockTypes = ['message', 'ask', 'condition', 'aiAnswer', 'captureLead', 'offerBooking', 'end'] as const;
export type BlockType = (typeof blockTypes)[number];

export const blockTypeLabels: Record<BlockType, string> = {
  message: 'Message',
  ask: 'Ask',
  condition: 'Condition',
  aiAnswer: 'AI Answer',
  captureLead: 'Capture Lead',
  offerBooking: 'Offer Booking',
  end: 'End',
};

/** What an Ask block accepts; the widget offers the matching input (a date picker, buttons…). */
export const askKinds = ['text', 'email', 'phone', 'number', 'date', 'buttons'] as const;
export type AskKind = (typeof askKinds)[number];

/** A Condition branch's test: text (equals, contains: any case), presence, or a number comparison. */
export const conditionOperators = ['equals', 'contains', 'isSet', 'gt', 'lt', 'gte', 'lte'] as const;
export type ConditionOperator = (typeof conditionOperators)[number];
export const numberOperators = ['gt', 'lt', 'gte', 'lte'] as const satisfies readonly ConditionOperator[];
export const isNumberOperator = (operator: ConditionOperator) =>
  (numberOperators as readonly string[]).includes(operator);

const tooLong = (max: number) => `Must be at most ${max} characters`;
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid id');
/** Texts may be empty in a draft; publishing asks for those the visitor must see. */
const text = z.string().max(MAX_TEXT_LENGTH, tooLong(MAX_TEXT_LENGTH));
const label = z.string().max(MAX_LABEL_LENGTH, tooLong(MAX_LABEL_LENGTH));
export const variableNameSchema = z
  .string()
  .regex(VARIABLE_NAME, 'A variable name starts with a letter or _ and has at most 40 letters, digits or _');
/** A variable a block reads or fills; null while the owner has not chosen one. */
const variableRef = variableNameSchema.nullable();
const coordinate = z.number().min(-1_000_000).max(1_000_000);

const blockBase = {
  id,
  /** Shown on the canvas and in publishing problems; the block's text stands in when empty. */
  name: label.optional(),
  position: z.object({ x: coordinate, y: coordinate }),
};

const messageBlock = z.object({ ...blockBase, type: z.literal('message'), text });

const askBlock = z.object({
  ...blockBase,
  type: z.literal('ask'),
  question: text,
  kind: z.enum(askKinds),
  /** The choices of a `buttons` Ask; the answer is the chosen label. */
  buttons: z.array(label).max(MAX_BUTTONS),
  variable: variableRef,
  /** Said before the question is asked again; empty: the form rule's message ("Enter a valid email address"). */
  retryText: text,
});

const conditionBranch = z.object({
  id: id.refine((value) => value !== ELSE_BRANCH, 'Invalid id'),
  operator: z.enum(conditionOperators),
  /** Compared with the variable's value; unused by isSet. */
  value: z.string().max(500, tooLong(500)),
});

/** Branches are tested in order; the first that matches is taken, else the Else exit. */
const conditionBlock = z.object({
  ...blockBase,
  type: z.literal('condition'),
  variable: variableRef,
  branches: z.array(conditionBranch).max(MAX_BRANCHES),
});

/** Answers the visitor's questions one after another until they choose to go on. */
const aiAnswerBlock = z.object({
  ...blockBase,
  type: z.literal('aiAnswer'),
  /** Invites a question, e.g. "What would you like to know?" */
  prompt: text,
  /** What the AI is told besides the question (what the business does, the tone); may be empty. */
  instructions: text,
  askAnotherLabel: label,
  continueLabel: label,
  /** Said when the flow's most AI answers are used up; empty: a default line. */
  limitText: text,
  /** Said when the provider gave no answer; empty: a default line. */
  failureText: text,
});

/** Writes the visitor as a contact (and a deal, when `deal` is set); the e-mail is what finds or makes one. */
const captureLeadBlock = z.object({
  ...blockBase,
  type: z.literal('captureLead'),
  contact: z.object({ name: variableRef, email: variableRef, phone: variableRef, company: variableRef }),
  /** A pipeline's stages have no id of their own: a stage is named within its pipeline. */
  deal: z.object({ pipelineId: z.uuid('Choose a pipeline'), stage: z.string().min(1).max(60) }).nullable(),
});

const offerBookingBlock = z.object({
  ...blockBase,
  type: z.literal('offerBooking'),
  /** Said before the free times are shown. */
  text,
  slotCount: z.number().int().min(1).max(MAX_OFFERED_SLOTS),
  /** A button to go on without booking; empty: none. */
  skipLabel: label,
  /** A booking is made in these names: the variables holding the visitor's name and e-mail. */
  nameVariable: variableRef,
  emailVariable: variableRef,
  /** Each empty: a default line. */
  bookedText: text,
  noSlotsText: text,
  failureText: text,
});

/** Ends the conversation; with notifyOwner, the owner is sent its transcript (a hand-off). */
const endBlock = z.object({ ...blockBase, type: z.literal('end'), text, notifyOwner: z.boolean() });

export const blockSchema = z.discriminatedUnion('type', [
  messageBlock,
  askBlock,
  conditionBlock,
  aiAnswerBlock,
  captureLeadBlock,
  offerBookingBlock,
  endBlock,
]);
export type Block = z.infer<typeof blockSchema>;
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

const tooManyBlocks = `A flow has at most ${MAX_BLOCKS} blocks`;

/** A named section of the canvas. The conversation follows edges only, never the order inside a group. */
export const groupSchema = z.object({ id, name: label, blocks: z.array(blockSchema).max(MAX_BLOCKS, tooManyBlocks) });
export type Group = z.infer<typeof groupSchema>;

/**
 * A connection from a block's exit to the block that comes next. Every block has one exit (`branch` null) but a
 * Condition, whose exits are its branches' ids and ELSE_BRANCH, and an End, which has none. An exit without an
 * edge ends the conversation.
 */
export const edgeSchema = z.object({ id, from: id, branch: id.nullable(), to: id });
export type Edge = z.infer<typeof edgeSchema>;

export const flowSettingsSchema = z.object({
  /** Questions sent to the AI provider per conversation, at most: each one is a paid call. */
  maxAiAnswers: z.number().int().min(0).max(MAX_AI_ANSWERS),
});

export const flowDefinitionSchema = z
  .object({
    /** The format's version, so a stored flow can be read by a later format. */
    version: z.literal(1),
    start: id.nullable(),
    groups: z.array(groupSchema).max(MAX_GROUPS),
    edges: z.array(edgeSchema).max(MAX_EDGES, `A flow has at most ${MAX_EDGES} connections`),
    /** The flow's variables, as the builder offers them; Ask blocks fill them in. */
    variables: z.array(z.object({ name: variableNameSchema })).max(MAX_VARIABLES),
    settings: flowSettingsSchema,
  })
  .superRefine((flow, ctx) => {
    const blocks = flow.groups.flatMap((group) => group.blocks);
    if (blocks.length > MAX_BLOCKS) ctx.addIssue({ code: 'custom', message: tooManyBlocks, path: ['groups'] });
    const conditions = blocks.filter((block) => block.type === 'condition');
    const namings: [names: string[], what: string, path: string][] = [
      [blocks.map((block) => block.id), 'Block ids', 'groups'],
      [flow.groups.map((group) => group.id), 'Group ids', 'groups'],
      [flow.edges.map((edge) => edge.id), 'Edge ids', 'edges'],
      [flow.variables.map((variable) => variable.name), 'Variable names', 'variables'],
      ...conditions.map((block): [string[], string, string] => [
        block.branches.map((b) => b.id),
        'Branch ids',
        'groups',
      ]),
    ];
    for (const [names, what, path] of namings)
      if (new Set(names).size !== names.length)
        ctx.addIssue({ code: 'custom', message: `${what} must be unique`, path: [path] });
  });
/** A chatbot's flow: its draft, and the version it runs once published. */
export type FlowDefinition = z.infer<typeof flowDefinitionSchema>;

export const allBlocks = (flow: FlowDefinition): Block[] => flow.groups.flatMap((group) => group.blocks);

/** The variable names a text refers to with `{{name}}`, each once. */
export function variablesIn(value: string): string[] {
  return [...new Set([...value.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/**
 * A text with each `{{name}}` replaced by the variable's value, or by nothing when it has none. One pass: a value
 * is inserted as it is, so `{{…}}` or markup inside a visitor's answer stays plain text.
 */
export function fillVariables(value: string, variables: Readonly<Record<string, string>>): string {
  return value.replace(PLACEHOLDER, (_, name: string) =>
    Object.prototype.hasOwnProperty.call(variables, name) ? variables[name]! : '',
  );
}

/** The texts of a block that may hold `{{variables}}`. */
export function textsOf(block: Block): string[] {
  switch (block.type) {
    case 'message':
      return [block.text];
    case 'ask':
      return [block.question, block.retryText];
    case 'aiAnswer':
      return [block.prompt, block.instructions, block.limitText, block.failureText];
    case 'offerBooking':
      return [block.text, block.bookedText, block.noSlotsText, block.failureText];
    case 'end':
      return [block.text];
    default:
      return [];
  }
}

/** The exits a block has: null for its one exit, or a Condition's branch ids and ELSE_BRANCH. */
export function exitsOf(block: Block): (string | null)[] {
  if (block.type === 'end') return [];
  if (block.type === 'condition') return [...block.branches.map((branch) => branch.id), ELSE_BRANCH];
  return [null];
}

/** A number as a visitor or owner writes it ("12", "-3.5", "1,5": the forms' numeric rule), or NaN. */
export function numberOf(value: string): number {
  const text = value.trim();
  return text !== '' && checkValue('numeric', text) === null ? Number(text.replace(',', '.')) : NaN;
}
