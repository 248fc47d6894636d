import {
  type Block,
  ELSE_BRANCH,
  type FlowDefinition,
  allBlocks,
  blockTypeLabels,
  exitsOf,
  isNumberOperator,
  numberOf,
  textsOf,
  variablesIn,
} from './chatbot-flow';

/* Whether a chatbot's draft can be published (issue "AI chatbot"): the problems the builder lists, in its words,
   each with the block it is about so the canvas can point at it. */

/** A reason a draft cannot be published, with the block it is about (null for the flow as a whole). */
export interface PublishProblem {
  blockId: string | null;
  message: string;
}

/**
 * Why a draft cannot be published, in the words the builder shows; empty when it can. Checked: a start, every
 * connection joining an exit that exists to a block that exists (one per exit), every block reachable from the
 * start, what each block needs to do its work (an Ask's variable and buttons, a Condition's variable, number and
 * Else exit, the contact's e-mail, the booking's name and e-mail), and that every variable used is one of the
 * flow's and filled in by some Ask (no other block fills one in, so any other would always be empty).
 */
export function validateFlowForPublish(flow: FlowDefinition): PublishProblem[] {
  const problems: PublishProblem[] = [];
  const problem = (block: Block | null, message: string) => problems.push({ blockId: block?.id ?? null, message });
  const blocks = new Map(allBlocks(flow).map((block) => [block.id, block]));

  const start = flow.start === null ? undefined : blocks.get(flow.start);
  if (!start) problem(null, 'Choose the block the conversation starts with.');

  const next = new Map<string, string[]>();
  const usedExits = new Set<string>();
  for (const edge of flow.edges) {
    const from = blocks.get(edge.from);
    if (!from) {
      problem(null, 'A connection starts at a block that no longer exists.');
      continue;
    }
    if (!exitsOf(from).includes(edge.branch)) {
      problem(
        from,
        from.type === 'end'
          ? `${blockTitle(from)} ends the conversation, so nothing can follow it.`
          : `${blockTitle(from)} has a connection from a branch that no longer exists.`,
      );
      continue;
    }
    if (!blocks.has(edge.to)) {
      problem(from, `${blockTitle(from)} leads to a block that no longer exists.`);
      continue;
    }
    const exit = `${edge.from}\n${edge.branch ?? ''}`;
    if (usedExits.has(exit)) problem(from, `${blockTitle(from)} has two connections from the same exit.`);
    usedExits.add(exit);
    next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  }

  if (start) {
    const reached = new Set([start.id]);
    const queue = [start.id];
    for (let at = queue.pop(); at !== undefined; at = queue.pop()) {
      for (const to of next.get(at) ?? []) {
        if (reached.has(to)) continue;
        reached.add(to);
        queue.push(to);
      }
    }
    for (const block of blocks.values())
      if (!reached.has(block.id)) problem(block, `${blockTitle(block)} cannot be reached from the start.`);
  }

  const declared = new Set(flow.variables.map((variable) => variable.name));
  const filled = new Set<string>();
  for (const block of blocks.values()) if (block.type === 'ask' && block.variable) filled.add(block.variable);

  for (const block of blocks.values()) {
    for (const message of blockProblems(block, usedExits)) problem(block, message);
    if (block.type === 'ask' && block.variable && !declared.has(block.variable))
      problem(block, `${blockTitle(block)} stores the answer in {{${block.variable}}}, which the flow does not have.`);
    const used = new Set([...textsOf(block).flatMap(variablesIn), ...variablesReadBy(block)]);
    for (const name of used) {
      if (!declared.has(name)) problem(block, `${blockTitle(block)} uses {{${name}}}, which the flow does not have.`);
      else if (!filled.has(name)) problem(block, `${blockTitle(block)} uses {{${name}}}, which no Ask block fills in.`);
    }
  }
  return problems;
}

/** What one block lacks to do its work. `usedExits` holds "blockId\nbranch" of every connected exit. */
function blockProblems(block: Block, usedExits: ReadonlySet<string>): string[] {
  const title = blockTitle(block);
  switch (block.type) {
    case 'message':
      return block.text.trim() ? [] : [`${title} has no text.`];
    case 'ask': {
      const problems: string[] = [];
      if (!block.question.trim()) problems.push(`${title} has no question.`);
      if (!block.variable) problems.push(`${title} has no variable to store the answer in.`);
      if (block.kind === 'buttons') {
        const labels = block.buttons.map((button) => button.trim().toLowerCase());
        if (labels.length === 0) problems.push(`${title} has no buttons to choose from.`);
        else if (labels.includes('')) problems.push(`${title} has a button without a label.`);
        else if (new Set(labels).size !== labels.length) problems.push(`${title} has two buttons with the same label.`);
      }
      return problems;
    }
    case 'condition': {
      const problems: string[] = [];
      if (!block.variable) problems.push(`${title} has no variable to test.`);
      for (const branch of block.branches)
        if (isNumberOperator(branch.operator) && Number.isNaN(numberOf(branch.value)))
          problems.push(`${title} compares with “${branch.value}”, which is not a number.`);
      if (!usedExits.has(`${block.id}\n${ELSE_BRANCH}`))
        problems.push(`${title} has no Else connection for when no branch matches.`);
      return problems;
    }
    case 'aiAnswer': {
      const [another, go] = [block.askAnotherLabel.trim(), block.continueLabel.trim()];
      if (!another || !go) return [`${title} needs a label on both of its buttons.`];
      return another.toLowerCase() === go.toLowerCase() ? [`${title} has two buttons with the same label.`] : [];
    }
    case 'captureLead':
      return block.contact.email ? [] : [`${title} has no variable for the contact’s e-mail.`];
    case 'offerBooking':
      return block.nameVariable && block.emailVariable
        ? []
        : [`${title} needs the variables holding the visitor’s name and e-mail to book in.`];
    case 'end':
      return [];
  }
}

/** The variables a block reads besides those in its texts: what it tests, maps or books with. */
function variablesReadBy(block: Block): string[] {
  const chosen = (names: (string | null)[]) => names.filter((name): name is string => name !== null);
  switch (block.type) {
    case 'condition':
      return chosen([block.variable]);
    case 'captureLead':
      return chosen(Object.values(block.contact));
    case 'offerBooking':
      return chosen([block.nameVariable, block.emailVariable]);
    default:
      return [];
  }
}

/** How publishing problems name a block: its name, else the start of its text, else its type alone. */
export function blockTitle(block: Block): string {
  const own = (block.name ?? '').trim() || (textsOf(block)[0] ?? '').trim().replace(/\s+/g, ' ');
  const title = own.length > 40 ? `${own.slice(0, 39)}…` : own;
  const type = blockTypeLabels[block.type];
  return title ? `The ${type} block “${title}”` : `${/^[AEIOU]/.test(type) ? 'An' : 'A'} ${type} block`;
}
