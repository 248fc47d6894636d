import {
  type Block,
  type BlockType,
  type Edge,
  type FlowDefinition,
  MAX_BLOCKS,
  MAX_EDGES,
  MAX_VARIABLES,
  VARIABLE_NAME,
  allBlocks,
  exitsOf,
} from '@common/chatbot-flow';

/* The builder's changes to a draft, each a pure function from one flow to the next: the canvas, the side panel
   and the keyboard all go through these, and undo keeps the flows they return. */

/** A block before it has an id and a place on the canvas. */
type BlockFields<B = Block> = B extends Block ? Omit<B, 'id' | 'position'> : never;

/** What a new block of each type starts with: empty texts (publishing asks for those the visitor must see). */
export function newBlockFields(type: BlockType): BlockFields {
  switch (type) {
    case 'message':
      return { type, text: '' };
    case 'ask':
      return { type, question: '', kind: 'text', buttons: [], variable: null, retryText: '' };
    case 'condition':
      return { type, variable: null, branches: [{ id: 'b1', operator: 'equals', value: '' }] };
    case 'aiAnswer':
      return {
        type,
        prompt: 'What would you like to know?',
        instructions: '',
        askAnotherLabel: 'Ask another question',
        continueLabel: 'Continue',
        limitText: '',
        failureText: '',
      };
    case 'captureLead':
      return { type, contact: { name: null, email: null, phone: null, company: null }, deal: null };
    case 'offerBooking':
      return {
        type,
        text: 'Would you like to book a call? Here are the next free times.',
        slotCount: 5,
        skipLabel: '',
        nameVariable: null,
        emailVariable: null,
        bookedText: '',
        noSlotsText: '',
        failureText: '',
      };
    case 'end':
      return { type, text: '', notifyOwner: false };
  }
}

/** An id no item of `taken` has, from a short random part (ids need only be unique within the flow). */
export function freshId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  for (;;) {
    const id = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
    if (!used.has(id)) return id;
  }
}

/** Why a block cannot be added, or null. */
export function cannotAddBlock(flow: FlowDefinition): string | null {
  return allBlocks(flow).length >= MAX_BLOCKS ? `A flow has at most ${MAX_BLOCKS} blocks.` : null;
}

/** A new block of this type at a place on the canvas, with an id the flow does not have yet. */
export function createBlock(flow: FlowDefinition, type: BlockType, position: { x: number; y: number }): Block {
  const id = freshId(
    type,
    allBlocks(flow).map((block) => block.id),
  );
  return { ...newBlockFields(type), id, position: roundPosition(position) };
}

/** Adds a block to the last group (a new one when there is none); a flow's first block is where it starts. */
export function addBlock(flow: FlowDefinition, block: Block): FlowDefinition {
  if (cannotAddBlock(flow) || allBlocks(flow).some((existing) => existing.id === block.id)) return flow;
  const last = flow.groups.length - 1;
  const groups =
    last >= 0
      ? flow.groups.map((group, index) => (index === last ? { ...group, blocks: [...group.blocks, block] } : group))
      : [{ id: 'main', name: 'Flow', blocks: [block] }];
  const start = flow.start === null && allBlocks(flow).length === 0 ? block.id : flow.start;
  return { ...flow, groups, start };
}

const roundPosition = ({ x, y }: { x: number; y: number }) => ({ x: Math.round(x), y: Math.round(y) });

/** The flow with one block replaced by the function's answer (same id). */
export function updateBlock(flow: FlowDefinition, blockId: string, change: (block: Block) => Block): FlowDefinition {
  return {
    ...flow,
    groups: flow.groups.map((group) =>
      group.blocks.some((block) => block.id === blockId)
        ? { ...group, blocks: group.blocks.map((block) => (block.id === blockId ? change(block) : block)) }
        : group,
    ),
  };
}

/** Moves blocks to new places; the same flow when none moved (so a click is no change to undo). */
export function moveBlocks(flow: FlowDefinition, moves: ReadonlyMap<string, { x: number; y: number }>): FlowDefinition {
  let moved = false;
  const groups = flow.groups.map((group) => ({
    ...group,
    blocks: group.blocks.map((block) => {
      const to = moves.get(block.id);
      if (!to) return block;
      const position = roundPosition(to);
      if (position.x === block.position.x && position.y === block.position.y) return block;
      moved = true;
      return { ...block, position };
    }),
  }));
  return moved ? { ...flow, groups } : flow;
}

/** Removes blocks and connections; a block's connections, in and out, go with it, and the start when it was one. */
export function deleteItems(
  flow: FlowDefinition,
  blockIds: Iterable<string>,
  edgeIds: Iterable<string> = [],
): FlowDefinition {
  const blocks = new Set(blockIds);
  const edges = new Set(edgeIds);
  if (blocks.size === 0 && edges.size === 0) return flow;
  return {
    ...flow,
    start: flow.start !== null && blocks.has(flow.start) ? null : flow.start,
    groups: flow.groups.map((group) => ({ ...group, blocks: group.blocks.filter((block) => !blocks.has(block.id)) })),
    edges: flow.edges.filter((edge) => !edges.has(edge.id) && !blocks.has(edge.from) && !blocks.has(edge.to)),
  };
}

/** The connection leaving this exit of the block, if any. */
export const edgeFrom = (flow: FlowDefinition, blockId: string, branch: string | null): Edge | undefined =>
  flow.edges.find((edge) => edge.from === blockId && edge.branch === branch);

/** Why this exit cannot be joined to that block, or null. */
export function cannotConnect(flow: FlowDefinition, from: string, branch: string | null, to: string): string | null {
  const blocks = allBlocks(flow);
  const source = blocks.find((block) => block.id === from);
  if (!source || !blocks.some((block) => block.id === to)) return 'That block no longer exists.';
  if (from === to) return 'A block cannot lead to itself.';
  if (!exitsOf(source).includes(branch)) return 'That exit no longer exists.';
  if (!edgeFrom(flow, from, branch) && flow.edges.length >= MAX_EDGES)
    return `A flow has at most ${MAX_EDGES} connections.`;
  return null;
}

/**
 * Joins a block's exit to a block; an exit leads to one block, so a connection it had is replaced. `to` null
 * leaves the exit unconnected. The same flow when the change is refused (see cannotConnect) or changes nothing.
 */
export function connect(flow: FlowDefinition, from: string, branch: string | null, to: string | null): FlowDefinition {
  const current = edgeFrom(flow, from, branch);
  if (to === null) return current ? { ...flow, edges: flow.edges.filter((edge) => edge !== current) } : flow;
  if (current?.to === to || cannotConnect(flow, from, branch, to)) return flow;
  const edges = flow.edges.filter((edge) => edge !== current);
  const id = freshId(
    'edge',
    flow.edges.map((edge) => edge.id),
  );
  return { ...flow, edges: [...edges, { id, from, branch, to }] };
}

export const setStart = (flow: FlowDefinition, blockId: string): FlowDefinition =>
  flow.start === blockId ? flow : { ...flow, start: blockId };

/** Why a name cannot be a new variable, or null. */
export function cannotAddVariable(flow: FlowDefinition, name: string): string | null {
  if (!VARIABLE_NAME.test(name))
    return 'A variable name starts with a letter or _ and has at most 40 letters, digits or _';
  if (flow.variables.some((variable) => variable.name === name)) return null;
  if (flow.variables.length >= MAX_VARIABLES) return `A flow has at most ${MAX_VARIABLES} variables.`;
  return null;
}

/** The flow with this variable among its own (the same flow when it already is). */
export const addVariable = (flow: FlowDefinition, name: string): FlowDefinition =>
  flow.variables.some((variable) => variable.name === name)
    ? flow
    : { ...flow, variables: [...flow.variables, { name }] };

/** Removes a Condition's branch with the connection leaving it. */
export function removeBranch(flow: FlowDefinition, blockId: string, branchId: string): FlowDefinition {
  const changed = updateBlock(flow, blockId, (block) =>
    block.type === 'condition'
      ? { ...block, branches: block.branches.filter((branch) => branch.id !== branchId) }
      : block,
  );
  return {
    ...changed,
    edges: changed.edges.filter((edge) => !(edge.from === blockId && edge.branch === branchId)),
  };
}
