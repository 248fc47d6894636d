import { describe, expect, it } from 'vitest';
import { ELSE_BRANCH, type FlowDefinition, allBlocks, blockTypes, flowDefinitionSchema } from '@common/chatbot-flow';
import { validateFlowForPublish } from '@common/chatbot-publish';
import { answerThenCaptureTemplate } from '@common/chatbot-templates';
import {
  addBlock,
  addVariable,
  cannotAddVariable,
  cannotConnect,
  connect,
  createBlock,
  deleteItems,
  edgeFrom,
  moveBlocks,
  removeBranch,
  setStart,
  updateBlock,
} from './flow-edits';

const empty = (): FlowDefinition => ({
  version: 1,
  start: null,
  groups: [],
  edges: [],
  variables: [],
  settings: { maxAiAnswers: 10 },
});

describe('the builder’s edits of a draft', () => {
  it('adds every type of block as a draft the server accepts, the first one as the start', () => {
    let flow = empty();
    for (const type of blockTypes) flow = addBlock(flow, createBlock(flow, type, { x: 10.4, y: -3.6 }));
    expect(allBlocks(flow).map((block) => block.type)).toEqual([...blockTypes]);
    expect(flow.start).toBe(allBlocks(flow)[0]!.id);
    expect(allBlocks(flow)[1]!.position).toEqual({ x: 10, y: -4 });
    expect(flowDefinitionSchema.safeParse(flow).success).toBe(true);
    expect(new Set(allBlocks(flow).map((block) => block.id)).size).toBe(blockTypes.length);
  });

  it('adds a block to the template’s last group and leaves its start alone', () => {
    const template = answerThenCaptureTemplate();
    const block = createBlock(template, 'message', { x: 0, y: 0 });
    const flow = addBlock(template, block);
    expect(flow.groups.at(-1)!.blocks.at(-1)).toBe(block);
    expect(flow.start).toBe('greeting');
    expect(addBlock(flow, block)).toBe(flow);
  });

  it('connects an exit to one block: a new connection from the same exit replaces the old one', () => {
    const template = answerThenCaptureTemplate();
    const flow = connect(template, 'greeting', null, 'ask-email');
    expect(flow.edges.filter((edge) => edge.from === 'greeting')).toEqual([
      expect.objectContaining({ branch: null, to: 'ask-email' }),
    ]);
    expect(flow.edges).toHaveLength(template.edges.length);
    expect(connect(flow, 'greeting', null, null).edges.some((edge) => edge.from === 'greeting')).toBe(false);
    expect(connect(flow, 'greeting', null, 'ask-email')).toBe(flow);
  });

  it('refuses a connection to itself, from an End, from a branch that is gone, or to a block that is gone', () => {
    const flow = answerThenCaptureTemplate();
    expect(cannotConnect(flow, 'greeting', null, 'greeting')).toMatch(/itself/);
    expect(cannotConnect(flow, 'thanks', null, 'greeting')).toMatch(/exit/);
    expect(cannotConnect(flow, 'greeting', 'b1', 'answer')).toMatch(/exit/);
    expect(cannotConnect(flow, 'greeting', null, 'nowhere')).toMatch(/no longer exists/);
    expect(connect(flow, 'greeting', null, 'greeting')).toBe(flow);
  });

  it('connects a Condition’s branches and Else separately, and removing a branch removes its connection', () => {
    let flow = answerThenCaptureTemplate();
    const condition = createBlock(flow, 'condition', { x: 0, y: 0 });
    flow = addBlock(flow, condition);
    flow = connect(flow, condition.id, 'b1', 'ask-name');
    flow = connect(flow, condition.id, ELSE_BRANCH, 'thanks');
    expect(edgeFrom(flow, condition.id, 'b1')?.to).toBe('ask-name');
    expect(edgeFrom(flow, condition.id, ELSE_BRANCH)?.to).toBe('thanks');
    flow = removeBranch(flow, condition.id, 'b1');
    expect(edgeFrom(flow, condition.id, 'b1')).toBeUndefined();
    expect(edgeFrom(flow, condition.id, ELSE_BRANCH)?.to).toBe('thanks');
  });

  it('deletes a block with every connection in and out of it, and the start when it was the start', () => {
    const flow = deleteItems(answerThenCaptureTemplate(), ['greeting']);
    expect(allBlocks(flow).some((block) => block.id === 'greeting')).toBe(false);
    expect(flow.edges.some((edge) => edge.from === 'greeting' || edge.to === 'greeting')).toBe(false);
    expect(flow.start).toBeNull();
    expect(validateFlowForPublish(flow)).toContainEqual({
      blockId: null,
      message: 'Choose the block the conversation starts with.',
    });
    expect(validateFlowForPublish(setStart(flow, 'answer'))).toEqual([]);
  });

  it('deletes a connection alone', () => {
    const template = answerThenCaptureTemplate();
    const [first] = template.edges;
    const flow = deleteItems(template, [], [first!.id]);
    expect(flow.edges).toEqual(template.edges.slice(1));
    expect(allBlocks(flow)).toEqual(allBlocks(template));
  });

  it('moves blocks, and a move to where a block already is changes nothing', () => {
    const template = answerThenCaptureTemplate();
    const moved = moveBlocks(template, new Map([['answer', { x: 300.2, y: 40 }]]));
    expect(allBlocks(moved).find((block) => block.id === 'answer')!.position).toEqual({ x: 300, y: 40 });
    expect(moveBlocks(moved, new Map([['answer', { x: 300, y: 40 }]]))).toBe(moved);
  });

  it('checks a new variable’s name and adds it once', () => {
    const flow = answerThenCaptureTemplate();
    expect(cannotAddVariable(flow, '1st')).toMatch(/starts with a letter/);
    expect(cannotAddVariable(flow, 'company')).toBeNull();
    expect(addVariable(flow, 'name')).toBe(flow);
    expect(addVariable(flow, 'company').variables.map((variable) => variable.name)).toEqual([
      'name',
      'email',
      'company',
    ]);
  });

  it('changes one block’s fields and no other’s', () => {
    const template = answerThenCaptureTemplate();
    const flow = updateBlock(template, 'greeting', (block) => ({ ...block, name: 'Hello' }));
    expect(allBlocks(flow).find((block) => block.id === 'greeting')!.name).toBe('Hello');
    expect(flow.groups[1]).toBe(template.groups[1]);
  });
});
