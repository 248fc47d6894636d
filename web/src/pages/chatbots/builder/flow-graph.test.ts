import { describe, expect, it } from 'vitest';
import { ELSE_BRANCH, type FlowDefinition } from '@common/chatbot-flow';
import { answerThenCaptureTemplate } from '@common/chatbot-templates';
import { addBlock, connect, createBlock, updateBlock } from './flow-edits';
import { blockLabel, branchOfHandle, connectionLabel, exitHandleId, exitsWithLabels } from './flow-graph';

describe('how the builder names blocks, exits and connections', () => {
  it('names a block by its name, else its text, else "(empty)"', () => {
    const greeting = answerThenCaptureTemplate().groups[0]!.blocks[0]!;
    if (greeting.type !== 'message') throw new Error('the template starts with a message');
    expect(blockLabel(greeting)).toBe('Message: Greeting');
    expect(blockLabel({ ...greeting, name: '' })).toBe(
      'Message: Hi! I’m here to answer your questions about what we do.',
    );
    expect(blockLabel({ ...greeting, name: '  ', text: ' ' })).toBe('Message: (empty)');
  });

  it('gives a Condition one exit per branch, in order, and Else; handles map back to their exits', () => {
    let flow: FlowDefinition = answerThenCaptureTemplate();
    const condition = createBlock(flow, 'condition', { x: 0, y: 0 });
    flow = addBlock(flow, condition);
    flow = updateBlock(flow, condition.id, (block) =>
      block.type === 'condition'
        ? {
            ...block,
            name: 'Budget',
            branches: [
              { id: 'big', operator: 'gte', value: '1000' },
              { id: 'any', operator: 'isSet', value: '' },
            ],
          }
        : block,
    );
    const [updated] = flow.groups.at(-1)!.blocks.slice(-1);
    const exits = exitsWithLabels(updated!);
    expect(exits.map((exit) => exit.label)).toEqual(['1. is at least “1000”', '2. is set', 'Else']);
    for (const exit of exits) expect(branchOfHandle(exit.handleId)).toBe(exit.branch);
    expect(branchOfHandle(exitHandleId(null))).toBeNull();
    expect(branchOfHandle('somewhere')).toBeUndefined();

    flow = connect(flow, condition.id, ELSE_BRANCH, 'thanks');
    expect(connectionLabel(flow, flow.edges.at(-1)!)).toBe('Condition: Budget (Else) to End: Thank you');
  });
});
