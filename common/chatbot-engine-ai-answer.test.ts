import { describe, expect, it } from 'vitest';
import { startConversation } from './chatbot-engine';
import { chatbotTexts } from './chatbot-state';
import type { BlockOf } from './chatbot-flow';
import { answerThenCaptureTemplate } from './chatbot-templates';
import { aiAnswer, ask, end, flowOf } from '../server/src/test/chatbot-flows';
import { choice, converse, said, text } from '../server/src/test/chatbot-converse';
import { fieldMessages } from './form-rules';

// The engine's AI Answer block, and the template of a new chatbot that starts with one.

describe('AI Answer', () => {
  const aiFlow = (maxAiAnswers = 5, fields: Partial<BlockOf<'aiAnswer'>> = {}) =>
    flowOf(
      [
        ask('q', { question: 'Name?', variable: 'name' }),
        aiAnswer('ai', { instructions: 'The visitor is {{name}}.', ...fields }),
        end('e', 'Done'),
      ],
      [
        ['q', 'ai'],
        ['ai', 'e'],
      ],
      { maxAiAnswers },
    );

  it('sends each question to the AI and says its answer as it came, until the visitor goes on', () => {
    const chat = converse(aiFlow());
    expect(said(chat.send(text('Ada')))).toEqual(['What would you like to know?']);
    expect(chat.last.expect).toEqual({ type: 'text', kind: 'text', buttons: ['Continue'] });

    const asked = chat.send(text(' What do you sell? '));
    expect(asked.effects).toEqual([
      { type: 'aiAnswer', question: 'What do you sell?', instructions: 'The visitor is Ada.' },
    ]);
    expect(asked.expect).toEqual({ type: 'effect', effect: 'aiAnswer' });
    expect(asked.messages).toEqual([]);

    const answered = chat.send({ type: 'aiAnswered', answer: 'Widgets, {{name}}. <b>Cheap</b> ones.' });
    expect(said(answered)).toEqual(['Widgets, {{name}}. <b>Cheap</b> ones.']);
    expect(answered.expect).toEqual({ type: 'text', kind: 'text', buttons: ['Ask another question', 'Continue'] });

    expect(said(chat.send(choice('Ask another question')))).toEqual(['What would you like to know?']);
    expect(chat.send(text('And prices?')).effects).toEqual([
      { type: 'aiAnswer', question: 'And prices?', instructions: 'The visitor is Ada.' },
    ]);
    chat.send({ type: 'aiAnswered', answer: 'Low.' });
    // A question typed after an answer, without the button, is asked too.
    expect(chat.send(text('Shipping?')).effects).toHaveLength(1);
    chat.send({ type: 'aiAnswered', answer: 'Free.' });
    const done = chat.send(choice('continue'));
    expect(said(done)).toEqual(['Done']);
    expect(done.state).toMatchObject({ finished: true, aiQuestions: 3 });
  });

  it('lets the visitor go on before asking anything', () => {
    const chat = converse(aiFlow());
    chat.send(text('Ada'));
    expect(said(chat.send(choice('Continue')))).toEqual(['Done']);
  });

  it('says its failure line when the AI gives no answer, then offers the buttons again', () => {
    const chat = converse(aiFlow(5, { failureText: 'Oops, {{name}}.' }));
    chat.send(text('Ada'));
    chat.send(text('Hello?'));
    expect(said(chat.send({ type: 'effectFailed' }))).toEqual(['Oops, Ada.']);
    expect(chat.last.expect).toEqual({ type: 'text', kind: 'text', buttons: ['Ask another question', 'Continue'] });
    chat.send(text('Hello again?'));
    expect(said(chat.send({ type: 'aiAnswered', answer: '  ' }))).toEqual(['Oops, Ada.']);
  });

  it('sends no empty question, and none over 2,000 characters', () => {
    const chat = converse(aiFlow());
    chat.send(text('Ada'));
    expect(chat.send(text('   '))).toMatchObject({ messages: [], effects: [], refused: false });
    const long = chat.send(text('?'.repeat(2001)));
    expect(said(long)).toEqual([fieldMessages.tooLong(2000)]);
    expect(long.effects).toEqual([]);
    expect(long.state).toMatchObject({ phase: 'question', aiQuestions: 0 });
  });

  it('waits for the answer: visitor input in the meantime is refused', () => {
    const chat = converse(aiFlow());
    chat.send(text('Ada'));
    const waiting = chat.send(text('Question one')).state;
    expect(chat.send(text('Question two'))).toMatchObject({ refused: true, state: waiting, effects: [] });
    expect(chat.send(choice('Continue'))).toMatchObject({ refused: true, state: waiting });
    expect(chat.send(choice('Ask another question'))).toMatchObject({ refused: true });
  });

  it('asks the AI at most the flow’s most AI answers, then says it cannot answer more and goes on', () => {
    const chat = converse(aiFlow(2));
    chat.send(text('Ada'));
    for (const question of ['One?', 'Two?']) {
      expect(chat.send(text(question)).effects).toHaveLength(1);
      chat.send({ type: 'aiAnswered', answer: 'Yes.' });
    }
    const third = chat.send(text('Three?'));
    expect(third.effects).toEqual([]);
    expect(said(third)).toEqual([chatbotTexts.aiLimit, 'Done']);
    expect(third.state).toMatchObject({ finished: true, aiQuestions: 2 });
  });

  it('counts across AI Answer blocks, and a block entered past the limit says so at once', () => {
    const flow = flowOf(
      [aiAnswer('first'), aiAnswer('second', { limitText: 'No more questions, sorry.' }), end('e', 'Done')],
      [
        ['first', 'second'],
        ['second', 'e'],
      ],
      { maxAiAnswers: 1 },
    );
    const chat = converse(flow);
    chat.send(text('One?'));
    chat.send({ type: 'effectFailed' });
    expect(said(chat.send(choice('Continue')))).toEqual(['No more questions, sorry.', 'Done']);
    expect(said(startConversation({ ...flow, settings: { maxAiAnswers: 0 } }))).toEqual([
      chatbotTexts.aiLimit,
      'No more questions, sorry.',
      'Done',
    ]);
  });
});

describe('the template "Answer questions, then capture the lead"', () => {
  it('runs end to end: greeting, AI answers, name, a wrong then a right e-mail, the lead, thanks', () => {
    const chat = converse(answerThenCaptureTemplate());
    expect(said(chat.last)).toEqual([
      'Hi! I’m here to answer your questions about what we do.',
      'What would you like to know?',
    ]);
    expect(chat.last.expect).toEqual({ type: 'text', kind: 'text', buttons: ['Talk to the team'] });

    expect(chat.send(text('Do you ship abroad?')).effects).toEqual([
      { type: 'aiAnswer', question: 'Do you ship abroad?', instructions: '' },
    ]);
    expect(said(chat.send({ type: 'aiAnswered', answer: 'Yes, worldwide.' }))).toEqual(['Yes, worldwide.']);
    expect(said(chat.send(choice('Talk to the team')))).toEqual(['Happy to put you in touch. What’s your name?']);
    expect(said(chat.send(text('Ada <i>Lovelace</i>')))).toEqual([
      'Thanks, Ada <i>Lovelace</i>! What’s your e-mail address, so the team can reach you?',
    ]);
    expect(said(chat.send(text('ada@lovelace')))).toEqual([
      'That doesn’t look like an e-mail address. Please check it and try again.',
      'Thanks, Ada <i>Lovelace</i>! What’s your e-mail address, so the team can reach you?',
    ]);
    expect(chat.send(text('ada@lovelace.example')).effects).toEqual([
      {
        type: 'captureLead',
        contact: { name: 'Ada <i>Lovelace</i>', email: 'ada@lovelace.example', phone: null, company: null },
        deal: null,
      },
    ]);
    const done = chat.send({ type: 'leadCaptured' });
    expect(said(done)).toEqual(['Thank you, Ada <i>Lovelace</i>! We’ll be in touch soon.']);
    expect(done.effects).toEqual([{ type: 'notifyOwner' }]);
    expect(done.state).toMatchObject({ finished: true, error: null, aiQuestions: 1 });
    expect(done.expect).toEqual({ type: 'none' });
  });
});
