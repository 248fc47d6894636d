import { describe, expect, it } from 'vitest';
import { MAX_BLOCKS_WITHOUT_VISITOR, startConversation, step } from './chatbot-engine';
import { type ConversationState, chatbotTexts, conversationStateSchema } from './chatbot-state';
import { answerThenCaptureTemplate } from './chatbot-templates';
import { ask, captureLead, condition, flowOf, message } from '../server/src/test/chatbot-flows';
import { converse, said, text } from '../server/src/test/chatbot-converse';

// What keeps a conversation safe from its flow: the guard against loops, a flow changed or broken under a
// conversation, and the state as it is stored between steps.

describe('loop guard', () => {
  it('stops a Condition that leads back to itself with a clear error', () => {
    const flow = flowOf(
      [condition('c', 'v', [{ id: 'b', operator: 'isSet', value: '' }])],
      [
        ['c', 'c', 'b'],
        ['c', 'c', 'else'],
      ],
    );
    const result = startConversation(flow);
    expect(result.state).toMatchObject({ finished: true, error: 'loop', phase: null });
    expect(result.messages).toEqual([{ blockId: null, text: chatbotTexts.broken }]);
    expect(result.expect).toEqual({ type: 'none' });
  });

  it('lets MAX_BLOCKS_WITHOUT_VISITOR blocks pass between two inputs, and stops at the next', () => {
    const chain = (n: number) => Array.from({ length: n }, (_, i) => message(`m${i}`, `Line ${i}`));
    const edges = (n: number) => Array.from({ length: n - 1 }, (_, i): [string, string] => [`m${i}`, `m${i + 1}`]);
    const fits = startConversation(flowOf(chain(MAX_BLOCKS_WITHOUT_VISITOR), edges(MAX_BLOCKS_WITHOUT_VISITOR)));
    expect(fits.state).toMatchObject({ finished: true, error: null });
    expect(fits.messages).toHaveLength(MAX_BLOCKS_WITHOUT_VISITOR);

    const over = MAX_BLOCKS_WITHOUT_VISITOR + 1;
    const stopped = startConversation(flowOf(chain(over), edges(over)));
    expect(stopped.state.error).toBe('loop');
    expect(said(stopped).at(-1)).toBe(chatbotTexts.broken);
    expect(stopped.messages).toHaveLength(MAX_BLOCKS_WITHOUT_VISITOR + 1);
  });

  it('counts blocks across the server’s answers to effects, which are no visitor input', () => {
    const flow = flowOf(
      [ask('m', { kind: 'email', variable: 'email' }), captureLead('lead'), message('again', 'Saved')],
      [
        ['m', 'lead'],
        ['lead', 'again'],
        ['again', 'lead'],
      ],
    );
    const chat = converse(flow);
    chat.send(text('ada@example.com'));
    let captures = 1;
    while (!chat.last.state.finished && captures < 100) {
      chat.send({ type: 'leadCaptured' });
      captures += chat.last.effects.length;
    }
    expect(chat.last.state.error).toBe('loop');
    expect(captures).toBe(MAX_BLOCKS_WITHOUT_VISITOR / 2);
  });

  it('starts counting again at each input of the visitor', () => {
    const flow = flowOf(
      [ask('q', { variable: 'v' }), ...Array.from({ length: 40 }, (_, i) => message(`m${i}`, `${i}`))],
      [['q', 'm0'], ...Array.from({ length: 39 }, (_, i): [string, string] => [`m${i}`, `m${i + 1}`]), ['m39', 'q']],
    );
    const chat = converse(flow);
    for (let round = 0; round < 3; round++) {
      const result = chat.send(text('again'));
      expect(result.state).toMatchObject({ error: null, phase: 'answer' });
      expect(result.messages).toHaveLength(41);
    }
  });
});

describe('broken flows and stored state', () => {
  it('ends with an error when a connection leads to a block the flow does not have', () => {
    const result = startConversation(flowOf([message('m', 'Hi')], [['m', 'gone']]));
    expect(said(result)).toEqual(['Hi', chatbotTexts.broken]);
    expect(result.state).toMatchObject({ finished: true, error: 'brokenFlow' });
    expect(startConversation(flowOf([message('m', 'Hi')], [], { start: null })).state.error).toBe('brokenFlow');
  });

  it('ends with an error when the block a conversation waits in is gone from the flow', () => {
    const flow = flowOf([ask('q', { variable: 'v' })], []);
    const waiting = startConversation(flow).state;
    const result = step(flowOf([message('other', 'Hi')], []), waiting, text('answer'));
    expect(result.state).toMatchObject({ finished: true, error: 'brokenFlow' });
    expect(said(result)).toEqual([chatbotTexts.broken]);
  });

  it('keeps a state that reads back from JSON as it was, and never changes the state it is given', () => {
    const chat = converse(answerThenCaptureTemplate());
    chat.send(text('Hi?'));
    chat.send({ type: 'aiAnswered', answer: 'Hello.' });
    const before: ConversationState = structuredClone(chat.last.state);
    const stored = JSON.parse(JSON.stringify(chat.last.state));
    expect(conversationStateSchema.parse(stored)).toEqual(before);
    chat.say('Another question');
    expect(chat.last.state).toEqual(before);
  });
});
