import {
  type Block,
  type ConditionOperator,
  ELSE_BRANCH,
  type FlowDefinition,
  allBlocks,
  blockTypeLabels,
  exitsOf,
  textsOf,
} from '@common/chatbot-flow';

/* How the canvas and the panels name blocks, their exits and the connections between them. */

export const operatorLabels: Record<ConditionOperator, string> = {
  equals: 'equals',
  contains: 'contains',
  isSet: 'is set',
  gt: 'is greater than',
  lt: 'is less than',
  gte: 'is at least',
  lte: 'is at most',
};

/** A block in a few words: its name, else the start of its text, else "(empty)". */
export function blockCaption(block: Block): string {
  const own = (block.name ?? '').trim() || (textsOf(block)[0] ?? '').trim().replace(/\s+/g, ' ');
  if (!own) return block.type === 'captureLead' ? 'Save the contact' : '(empty)';
  return own.length > 60 ? `${own.slice(0, 59)}…` : own;
}

/** What a screen reader says for a block on the canvas, and what the lists show: "Message: Greeting". */
export const blockLabel = (block: Block): string => `${blockTypeLabels[block.type]}: ${blockCaption(block)}`;

/** An exit's words: "" for a block's one exit, a Condition branch's test, or "Else". */
export function exitLabel(block: Block, branch: string | null): string {
  if (branch === null) return '';
  if (branch === ELSE_BRANCH) return 'Else';
  if (block.type !== 'condition') return '';
  const index = block.branches.findIndex((candidate) => candidate.id === branch);
  const found = block.branches[index];
  if (!found) return '';
  const test = found.operator === 'isSet' ? operatorLabels.isSet : `${operatorLabels[found.operator]} “${found.value}”`;
  return `${index + 1}. ${test}`;
}

/** React Flow's handle id of an exit. */
export const exitHandleId = (branch: string | null): string => (branch === null ? 'next' : `branch-${branch}`);

/** The exit of a React Flow handle id; undefined for one that is not an exit's. */
export function branchOfHandle(handleId: string | null | undefined): string | null | undefined {
  if (handleId === 'next' || handleId === null || handleId === undefined) return null;
  return handleId.startsWith('branch-') ? handleId.slice('branch-'.length) : undefined;
}

/** A block's exits with their words, in order. */
export const exitsWithLabels = (block: Block) =>
  exitsOf(block).map((branch) => ({ branch, label: exitLabel(block, branch), handleId: exitHandleId(branch) }));

/** Where a connection leaves from, in words: "Condition: Budget (Else)". */
export function exitDescription(flow: FlowDefinition, blockId: string, branch: string | null): string {
  const from = allBlocks(flow).find((block) => block.id === blockId);
  if (!from) return 'A missing block';
  const exit = exitLabel(from, branch);
  return `${blockLabel(from)}${exit ? ` (${exit})` : ''}`;
}

/** A connection in words: "Message: Greeting to Ask: Your name", with the exit when it is a branch. */
export function connectionLabel(flow: FlowDefinition, edge: { from: string; branch: string | null; to: string }) {
  const to = allBlocks(flow).find((block) => block.id === edge.to);
  return `${exitDescription(flow, edge.from, edge.branch)} to ${to ? blockLabel(to) : 'a missing block'}`;
}
