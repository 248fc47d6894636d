import { describe, expect, it } from 'vitest';
import { startConversation, step } from './chatbot-engine';
import { chatbotTexts } from './chatbot-state';
import type { BlockOf } from './chatbot-flow';
import { ask, condition, end, flowOf, message } from '../server/src/test/chatbot-flows';
import { choice, converse, said, text } from '../server/src/test/chatbot-converse';
import { fieldMessages } from './form-rules';

// The engine's plain blocks: Message, End, Ask and Condition. Its effects, loop guard and template have files of
// their own (chatbot-engine-*.test.ts).

describe('Message and End', () => {
  it('says each message and ends at the End, its variables filled in', () => {
    const flow = flowOf(
      [ask('q', { question: 'Name?', variable: 'name' }), message('m', 'Hi {{name}}.'), end('e', 'Bye {{ name }}!')],
      [
        ['q', 'm'],
        ['m', 'e'],
      ],
    );
    const chat = converse(flow);
    expect(said(chat.last)).toEqual(['Name?']);
    const done = chat.send(text('  Ada '));
    expect(said(done)).toEqual(['Hi Ada.', 'Bye Ada!']);
    expect(done.messages.map((m) => m.blockId)).toEqual(['m', 'e']);
    expect(done.state).toMatchObject({ finished: true, phase: null, error: null, variables: { name: 'Ada' } });
    expect(done.expect).toEqual({ type: 'none' });
    expect(done.effects).toEqual([]);
  });

  it('keeps markup and braces in a variable as the visitor typed them', () => {
    const flow = flowOf([ask('q', { variable: 'name' }), message('m', 'Hi {{name}}, {{secret}}')], [['q', 'm']], {
      variables: ['secret'],
    });
    const chat = converse(flow);
    const answer = '<img src=x onerror=alert(1)> {{secret}} $&';
    expect(said(chat.send(text(answer)))).toEqual([`Hi ${answer},`]);
  });

  it('says nothing for an empty text, and a variable never filled in reads as nothing', () => {
    const chat = converse(flowOf([message('m', '{{nobody}}'), message('n', 'Hi {{nobody}}!')], [['m', 'n']]));
    expect(said(chat.last)).toEqual(['Hi !']);
    expect(chat.last.state.finished).toBe(true);
  });

  it('ends the conversation where an exit has no connection', () => {
    const chat = converse(flowOf([message('m', 'Hi'), end('e')], []));
    expect(said(chat.last)).toEqual(['Hi']);
    expect(chat.last.state).toMatchObject({ finished: true, error: null, blockId: 'm' });
  });

  it('asks the server to tell the owner only when the End says so', () => {
    expect(startConversation(flowOf([end('e', 'Bye', true)], [])).effects).toEqual([{ type: 'notifyOwner' }]);
    expect(startConversation(flowOf([end('e', 'Bye', false)], [])).effects).toEqual([]);
  });

  it('refuses any input once finished', () => {
    const flow = flowOf([end('e')], []);
    const finished = startConversation(flow);
    const result = step(flow, finished.state, text('hello?'));
    expect(result).toEqual({
      state: finished.state,
      messages: [],
      effects: [],
      expect: { type: 'none' },
      refused: true,
    });
  });
});

describe('Ask', () => {
  const askFlow = (fields: Partial<BlockOf<'ask'>>) =>
    flowOf(
      [ask('q', { question: 'Your answer?', variable: 'answer', ...fields }), end('e', 'Got {{answer}}')],
      [['q', 'e']],
    );

  it('gets the retry message and the same question again for an invalid e-mail, then takes a valid one', () => {
    const chat = converse(askFlow({ kind: 'email', retryText: 'That e-mail looks wrong, {{answer}}.' }));
    expect(chat.last.expect).toEqual({ type: 'text', kind: 'email', buttons: [] });
    const retry = chat.send(text('ada@example'));
    expect(said(retry)).toEqual(['That e-mail looks wrong, .', 'Your answer?']);
    expect(retry.state).toMatchObject({ blockId: 'q', phase: 'answer', variables: {} });
    expect(retry.expect).toEqual({ type: 'text', kind: 'email', buttons: [] });
    expect(said(chat.send(text('ada@example.com')))).toEqual(['Got ada@example.com']);
  });

  it.each<[BlockOf<'ask'>['kind'], string, string]>([
    ['text', '   ', fieldMessages.required],
    ['text', 'x'.repeat(501), fieldMessages.tooLong(500)],
    ['email', 'ada at example.com', fieldMessages.email],
    ['phone', 'call me', fieldMessages.phone],
    ['phone', '12', fieldMessages.phone],
    ['number', 'ten', fieldMessages.numeric],
    ['date', '31/03/2026', chatbotTexts.date],
    ['date', '2026-02-30', chatbotTexts.date],
  ])('answers a %s Ask given %j with the form rule’s message when it has no retry text', (kind, given, problem) => {
    const chat = converse(askFlow({ kind }));
    expect(said(chat.send(text(given)))).toEqual([problem, 'Your answer?']);
    expect(chat.last.state.variables).toEqual({});
  });

  it.each<[BlockOf<'ask'>['kind'], string, string]>([
    ['text', ' Hello there ', 'Hello there'],
    ['email', 'ada@example.com', 'ada@example.com'],
    ['phone', '+1 (555) 010-0200', '+1 (555) 010-0200'],
    ['number', '1,5', '1,5'],
    ['date', '2028-02-29', '2028-02-29'],
  ])('stores a valid %s answer %j', (kind, given, stored) => {
    const chat = converse(askFlow({ kind }));
    expect(chat.last.expect).toEqual({ type: 'text', kind, buttons: [] });
    chat.send(text(given));
    expect(chat.last.state.variables).toEqual({ answer: stored });
    expect(said(chat.last)).toEqual([`Got ${stored}`]);
  });

  it('offers buttons and stores the chosen label as written, a typed label in any case too', () => {
    const flow = askFlow({ kind: 'buttons', buttons: ['Free', 'Pro'] });
    const chat = converse(flow);
    expect(chat.last.expect).toEqual({ type: 'buttons', labels: ['Free', 'Pro'] });
    expect(said(chat.send(choice('Enterprise')))).toEqual([fieldMessages.option, 'Your answer?']);
    expect(said(chat.send(choice('Pro')))).toEqual(['Got Pro']);
    expect(said(converse(flow).say(' free '))).toEqual(['Got Free']);
  });

  it('refuses a button choice for a free-text Ask, and any effect result', () => {
    const flow = askFlow({ kind: 'text' });
    const waiting = startConversation(flow).state;
    for (const input of [choice('Yes'), { type: 'booked' } as const, { type: 'aiAnswered', answer: 'x' } as const]) {
      const result = step(flow, waiting, input);
      expect(result.refused).toBe(true);
      expect(result.state).toBe(waiting);
    }
  });
});

describe('Condition', () => {
  const conditionFlow = (branches: BlockOf<'condition'>['branches']) =>
    flowOf(
      [
        ask('q', { variable: 'v' }),
        condition('c', 'v', branches),
        end('one', 'one'),
        end('two', 'two'),
        end('other', 'else'),
      ],
      [
        ['q', 'c'],
        ['c', 'one', 'b1'],
        ['c', 'two', 'b2'],
        ['c', 'other', 'else'],
      ],
    );
  /** Which End a value leads to through one branch `b1` (operator, value) and the Else exit. */
  const route = (operator: BlockOf<'condition'>['branches'][number]['operator'], compared: string, given: string) =>
    said(converse(conditionFlow([{ id: 'b1', operator, value: compared }])).say(given))[0];

  it.each<[BlockOf<'condition'>['branches'][number]['operator'], string, string, string]>([
    ['equals', 'Pro', 'pro', 'one'],
    ['equals', 'Pro', 'Pro plan', 'else'],
    ['contains', 'PLAN', 'the pro plan', 'one'],
    ['contains', 'plan', 'pro', 'else'],
    ['isSet', '', 'anything', 'one'],
    ['gt', '10', '11', 'one'],
    ['gt', '10', '10', 'else'],
    ['gte', '10', '10', 'one'],
    ['gte', '10', '9,99', 'else'],
    ['lt', '1.5', '1,4', 'one'],
    ['lt', '1.5', '1.5', 'else'],
    ['lte', '-2', '-2', 'one'],
    ['lte', '-2', '-1', 'else'],
    ['gt', '10', 'eleven', 'else'],
  ])('%s %j with the answer %j goes to %s', (operator, compared, given, to) => {
    expect(route(operator, compared, given)).toBe(to);
  });

  it('takes the first branch that holds, in order', () => {
    const flow = conditionFlow([
      { id: 'b1', operator: 'contains', value: 'a' },
      { id: 'b2', operator: 'contains', value: 'b' },
    ]);
    expect(said(converse(flow).say('ab'))).toEqual(['one']);
    expect(said(converse(flow).say('b'))).toEqual(['two']);
    expect(said(converse(flow).say('c'))).toEqual(['else']);
  });

  it('finds a variable never filled in not set', () => {
    const flow = flowOf(
      [condition('c', 'nobody', [{ id: 'b1', operator: 'isSet', value: '' }]), end('one', 'one'), end('other', 'else')],
      [
        ['c', 'one', 'b1'],
        ['c', 'other', 'else'],
      ],
    );
    expect(said(startConversation(flow))).toEqual(['else']);
  });
});
