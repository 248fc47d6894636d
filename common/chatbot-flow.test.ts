import { describe, expect, it } from 'vitest';
import { type FlowDefinition, fillVariables, flowDefinitionSchema, variablesIn } from './chatbot-flow';
import { validateFlowForPublish } from './chatbot-publish';
import { answerThenCaptureTemplate } from './chatbot-templates';
import { ask, condition, flowOf, message } from '../server/src/test/chatbot-flows';

// What a flow may hold as a draft, and its variables in texts; what it needs to be published is in
// chatbot-publish.test.ts.

/** The messages of a flow's publishing problems. */
const problemsOf = (flow: FlowDefinition) => validateFlowForPublish(flow).map((problem) => problem.message);

/** The first issue's message when the schema refuses a flow. */
function refusal(flow: unknown): string | undefined {
  const parsed = flowDefinitionSchema.safeParse(flow);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('the flow schema', () => {
  it('reads a flow back from JSON as it was written', () => {
    const flow = answerThenCaptureTemplate();
    expect(flowDefinitionSchema.parse(JSON.parse(JSON.stringify(flow)))).toEqual(flow);
  });

  it('keeps a draft that cannot be published yet: no start, an Ask without a variable, an edge to nowhere', () => {
    const draft = flowOf([ask('q')], [['q', 'gone']], { start: null });
    expect(flowDefinitionSchema.safeParse(draft).success).toBe(true);
    expect(problemsOf(draft).length).toBeGreaterThan(0);
  });

  it('holds texts to 2,000 characters and labels to 80', () => {
    expect(refusal(flowOf([message('m', 'x'.repeat(2000))], []))).toBeUndefined();
    expect(refusal(flowOf([message('m', 'x'.repeat(2001))], []))).toBe('Must be at most 2000 characters');
    expect(refusal(flowOf([ask('q', { kind: 'buttons', buttons: ['y'.repeat(81)] })], []))).toBe(
      'Must be at most 80 characters',
    );
  });

  it('holds a flow to 200 blocks and 400 connections', () => {
    const blocks = (n: number) => Array.from({ length: n }, (_, i) => message(`m${i}`, 'Hi'));
    expect(refusal(flowOf(blocks(200), []))).toBeUndefined();
    expect(refusal(flowOf(blocks(201), []))).toBe('A flow has at most 200 blocks');
    const [first, second] = [blocks(201).slice(0, 100), blocks(201).slice(100)];
    const twoGroups = {
      ...flowOf([], []),
      groups: [first, second].map((b, i) => ({ id: `g${i}`, name: '', blocks: b })),
    };
    expect(refusal(twoGroups)).toBe('A flow has at most 200 blocks');
    const edges = (n: number) => Array.from({ length: n }, () => ['m0', 'm1'] as [string, string]);
    expect(refusal(flowOf(blocks(2), edges(400)))).toBeUndefined();
    expect(refusal(flowOf(blocks(2), edges(401)))).toBe('A flow has at most 400 connections');
  });

  it.each(['1st', 'first-name', 'a'.repeat(41), '', 'naïve'])('refuses the variable name %j', (variable) => {
    expect(refusal(flowOf([message('m', 'Hi')], [], { variables: [variable] }))).toMatch(/^A variable name/);
  });

  it.each(['email', '_x', 'A1_b', 'a'.repeat(40)])('takes the variable name %j', (variable) => {
    expect(refusal(flowOf([message('m', 'Hi')], [], { variables: [variable] }))).toBeUndefined();
  });

  it('refuses ids used twice and a branch named like the Else exit', () => {
    expect(refusal(flowOf([message('m', 'a'), message('m', 'b')], []))).toBe('Block ids must be unique');
    const flow = flowOf([message('m', 'a')], [], { variables: ['x'] });
    expect(refusal({ ...flow, variables: [{ name: 'x' }, { name: 'x' }] })).toBe('Variable names must be unique');
    const twoBranches = condition('c', 'x', [
      { id: 'b', operator: 'isSet', value: '' },
      { id: 'b', operator: 'isSet', value: '' },
    ]);
    expect(refusal(flowOf([twoBranches], []))).toBe('Branch ids must be unique');
    expect(refusal(flowOf([condition('c', 'x', [{ id: 'else', operator: 'isSet', value: '' }])], []))).toBe(
      'Invalid id',
    );
  });

  it('refuses an unknown block type or Ask kind', () => {
    expect(flowDefinitionSchema.safeParse(flowOf([{ ...message('m', 'a'), type: 'video' } as never], [])).success).toBe(
      false,
    );
    expect(flowDefinitionSchema.safeParse(flowOf([ask('q', { kind: 'colour' as never })], [])).success).toBe(false);
  });
});

describe('variables in texts', () => {
  it('lists each variable a text uses once, spaces inside the braces allowed', () => {
    expect(variablesIn('Hi {{name}}, is {{ email }} right, {{name}}?')).toEqual(['name', 'email']);
    expect(variablesIn('{{1x}} {{a-b}} {name} {{}}')).toEqual([]);
  });

  it('fills in values as plain text, in one pass', () => {
    const values = { name: '<b>Ada</b> {{secret}} $& $1', secret: 'hidden' };
    expect(fillVariables('Hi {{ name }}!', values)).toBe('Hi <b>Ada</b> {{secret}} $& $1!');
    expect(fillVariables('Hi {{nobody}}, {{toString}}.', values)).toBe('Hi , .');
  });
});
