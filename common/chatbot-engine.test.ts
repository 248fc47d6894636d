import { describe, expect, it } from 'vitest';
import { bookingMessages } from './booking-messages';
import { MAX_BLOCKS_WITHOUT_VISITOR, startConversation, step } from './chatbot-engine';
import {
  type ConversationState,
  type StepInput,
  type StepResult,
  chatbotTexts,
  conversationStateSchema,
} from './chatbot-state';
import type { BlockOf, FlowDefinition } from './chatbot-flow';
import { answerThenCaptureTemplate } from './chatbot-templates';
import {
  aiAnswer,
  ask,
  captureLead,
  condition,
  end,
  flowOf,
  message,
  offerBooking,
} from '../server/src/test/chatbot-flows';
import { fieldMessages } from './form-rules';

/** A conversation driven step by step, as the server will: each step starts from the state of the one before. */
function converse(flow: FlowDefinition) {
  let last = startConversation(flow);
  return {
    get last(): StepResult {
      return last;
    },
    send(input: StepInput): StepResult {
      last = step(flow, last.state, input);
      return last;
    },
    say: (text: string) => step(flow, last.state, { type: 'text', text }),
  };
}

/** The texts of a step's lines. */
const said = (result: StepResult) => result.messages.map((m) => m.text);

const text = (value: string): StepInput => ({ type: 'text', text: value });
const choice = (label: string): StepInput => ({ type: 'choice', label });

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

describe('Capture Lead', () => {
  const leadFlow = (lead: BlockOf<'captureLead'>) =>
    flowOf(
      [
        ask('n', { variable: 'name' }),
        ask('m', { kind: 'email', variable: 'email' }),
        ask('c', { variable: 'company' }),
        lead,
        end('e', 'Thanks'),
      ],
      [
        ['n', 'm'],
        ['m', 'c'],
        ['c', 'lead'],
        ['lead', 'e'],
      ],
    );
  const deal = { pipelineId: '5f0c7a2e-8a7b-4f8e-9c4e-0d6f1b2a3c4d', stage: 'Lead' };

  it('asks the server to write the contact and the deal from the mapped variables, then goes on', () => {
    const lead = captureLead('lead', {
      contact: { name: 'name', email: 'email', phone: null, company: 'company' },
      deal,
    });
    const chat = converse(leadFlow(lead));
    chat.send(text('Ada'));
    chat.send(text('ada@example.com'));
    const captured = chat.send(text('Analytical Engines'));
    expect(captured.effects).toEqual([
      {
        type: 'captureLead',
        contact: { name: 'Ada', email: 'ada@example.com', phone: null, company: 'Analytical Engines' },
        deal,
      },
    ]);
    expect(captured.expect).toEqual({ type: 'effect', effect: 'captureLead' });
    expect(captured.state).toMatchObject({ blockId: 'lead', phase: 'lead' });
    expect(said(chat.send({ type: 'leadCaptured' }))).toEqual(['Thanks']);
  });

  it('goes on the same when the server could not write the lead', () => {
    const chat = converse(leadFlow(captureLead('lead')));
    for (const answer of ['Ada', 'ada@example.com', 'Acme']) chat.send(text(answer));
    expect(said(chat.send({ type: 'effectFailed' }))).toEqual(['Thanks']);
  });

  it('captures nothing without an e-mail to find or make the contact by', () => {
    const lead = captureLead('lead', { contact: { name: 'name', email: 'company', phone: null, company: null } });
    const chat = converse(leadFlow(lead));
    chat.send(text('Ada'));
    chat.send(text('ada@example.com'));
    const passed = chat.send(text('not an e-mail'));
    expect(passed.effects).toEqual([]);
    expect(said(passed)).toEqual(['Thanks']);
  });
});

describe('Offer Booking', () => {
  const slot = (hour: number) => ({
    start: `2026-06-10T${String(hour).padStart(2, '0')}:00:00.000Z`,
    end: `2026-06-10T${String(hour).padStart(2, '0')}:30:00.000Z`,
  });
  const slots = [slot(13), slot(14), slot(15), slot(16)];
  const bookingFlow = (fields: Partial<BlockOf<'offerBooking'>> = {}) =>
    flowOf(
      [
        ask('n', { variable: 'name' }),
        ask('m', { kind: 'email', variable: 'email' }),
        offerBooking('book', { slotCount: 3, ...fields }),
        end('e', 'See you, {{name}}'),
      ],
      [
        ['n', 'm'],
        ['m', 'book'],
        ['book', 'e'],
      ],
    );
  /** A conversation at the booking block, the visitor named Ada. */
  function atBooking(fields: Partial<BlockOf<'offerBooking'>> = {}) {
    const chat = converse(bookingFlow(fields));
    chat.send(text('Ada'));
    chat.send(text('ada@example.com'));
    return chat;
  }

  it('asks for free slots, offers as many as the block shows, and books the chosen one in the visitor’s names', () => {
    const chat = atBooking();
    expect(said(chat.last)).toEqual(['Pick a time for a call:']);
    expect(chat.last.effects).toEqual([{ type: 'findSlots', count: 3 }]);
    expect(chat.last.expect).toEqual({ type: 'effect', effect: 'findSlots' });

    const offered = chat.send({ type: 'slotsFound', slots });
    expect(offered.expect).toEqual({ type: 'slots', slots: slots.slice(0, 3), skipLabel: 'Not now' });

    const booking = chat.send({ type: 'slot', start: slot(14).start });
    expect(booking.effects).toEqual([{ type: 'book', start: slot(14).start, name: 'Ada', email: 'ada@example.com' }]);
    expect(booking.expect).toEqual({ type: 'effect', effect: 'book' });
    expect(said(chat.send({ type: 'booked' }))).toEqual([chatbotTexts.booked, 'See you, Ada']);
  });

  it('offers the free times again when the chosen slot was taken meanwhile', () => {
    const chat = atBooking();
    chat.send({ type: 'slotsFound', slots });
    chat.send({ type: 'slot', start: slot(13).start });
    const taken = chat.send({ type: 'slotTaken' });
    expect(said(taken)).toEqual([bookingMessages.slotTaken]);
    expect(taken.effects).toEqual([{ type: 'findSlots', count: 3 }]);
    expect(taken.state).toMatchObject({ phase: 'slots', offeredSlots: [] });

    const again = chat.send({ type: 'slotsFound', slots: slots.slice(1) });
    expect(again.expect).toEqual({ type: 'slots', slots: slots.slice(1), skipLabel: 'Not now' });
    expect(chat.send({ type: 'slot', start: slot(13).start }).messages).toEqual([
      { blockId: 'book', text: bookingMessages.notASlot },
    ]);
    expect(chat.send({ type: 'slot', start: slot(15).start }).effects).toEqual([
      { type: 'book', start: slot(15).start, name: 'Ada', email: 'ada@example.com' },
    ]);
    expect(said(chat.send({ type: 'booked' }))).toEqual([chatbotTexts.booked, 'See you, Ada']);
  });

  it('takes only a slot it offered, and says so for anything else the visitor sends', () => {
    const chat = atBooking();
    chat.send({ type: 'slotsFound', slots });
    for (const input of [{ type: 'slot', start: slot(16).start } as const, text('tomorrow?'), choice('Later')]) {
      const result = chat.send(input);
      expect(said(result)).toEqual([bookingMessages.notASlot]);
      expect(result.effects).toEqual([]);
      expect(result.expect).toMatchObject({ type: 'slots' });
    }
  });

  it('goes on without booking when the visitor skips, or when there is no free time', () => {
    const skipping = atBooking();
    skipping.send({ type: 'slotsFound', slots });
    expect(said(skipping.send(choice('not now')))).toEqual(['See you, Ada']);

    const none = atBooking({ noSlotsText: 'No times free, {{name}}.' });
    expect(said(none.send({ type: 'slotsFound', slots: [] }))).toEqual(['No times free, Ada.', 'See you, Ada']);
  });

  it('offers no skip button when the block has no skip label', () => {
    const chat = atBooking({ skipLabel: '' });
    expect(chat.send({ type: 'slotsFound', slots }).expect).toMatchObject({ skipLabel: null });
    expect(said(chat.send(choice('')))).toEqual([bookingMessages.notASlot]);
  });

  it('says its failure line and goes on when slots or the booking fail', () => {
    const noSlots = atBooking();
    expect(said(noSlots.send({ type: 'effectFailed' }))).toEqual([chatbotTexts.bookFailed, 'See you, Ada']);

    const failed = atBooking({ failureText: 'Could not book, sorry.' });
    failed.send({ type: 'slotsFound', slots });
    failed.send({ type: 'slot', start: slot(13).start });
    expect(said(failed.send({ type: 'effectFailed' }))).toEqual(['Could not book, sorry.', 'See you, Ada']);
  });

  it('is passed by when the visitor’s e-mail is not known', () => {
    const flow = flowOf(
      [ask('n', { variable: 'name' }), offerBooking('book'), end('e', 'Bye')],
      [
        ['n', 'book'],
        ['book', 'e'],
      ],
    );
    const result = converse(flow).say('Ada');
    expect(said(result)).toEqual(['Bye']);
    expect(result.effects).toEqual([]);
  });
});

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
