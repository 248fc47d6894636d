import { describe, expect, it } from 'vitest';
import type { FlowDefinition } from './chatbot-flow';
import { blockTitle, validateFlowForPublish } from './chatbot-publish';
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

// What a flow needs before it can be published (a draft may lack it: chatbot-flow.test.ts), and how a problem names
// its block.

/** The messages of a flow's publishing problems. */
const problemsOf = (flow: FlowDefinition) => validateFlowForPublish(flow).map((problem) => problem.message);

const email = ask('ask-email', { name: 'Your e-mail', kind: 'email', variable: 'email' });
const name = ask('ask-name', { name: 'Your name', variable: 'name' });

describe('publishing', () => {
  it('has nothing against the template of a new chatbot', () => {
    expect(validateFlowForPublish(answerThenCaptureTemplate())).toEqual([]);
  });

  it('names a block by its name, else the start of its text, else its type', () => {
    expect(blockTitle(email)).toBe('The Ask block “Your e-mail”');
    expect(blockTitle(message('m', 'Welcome to   our\nsite'))).toBe('The Message block “Welcome to our site”');
    expect(blockTitle(message('m', 'x'.repeat(50)))).toBe(`The Message block “${'x'.repeat(39)}…”`);
    expect(blockTitle(condition('c', null, []))).toBe('A Condition block');
    expect(blockTitle({ ...aiAnswer('a'), prompt: '' })).toBe('An AI Answer block');
  });

  const goodElse = condition('c', 'name', [{ id: 'vip', operator: 'equals', value: 'Ada' }]);

  it.each<[string, FlowDefinition, string[]]>([
    ['no start', flowOf([message('m', 'Hi')], [], { start: null }), ['Choose the block the conversation starts with.']],
    [
      'a start that is gone',
      flowOf([message('m', 'Hi')], [], { start: 'gone' }),
      ['Choose the block the conversation starts with.'],
    ],
    [
      'an edge from a block that is gone',
      flowOf([message('m', 'Hi')], [['gone', 'm']]),
      ['A connection starts at a block that no longer exists.'],
    ],
    [
      'an edge to a block that is gone',
      flowOf([message('m', 'Hi')], [['m', 'gone']]),
      ['The Message block “Hi” leads to a block that no longer exists.'],
    ],
    [
      'an edge from a branch that is gone',
      flowOf(
        [name, goodElse, end('e')],
        [
          ['ask-name', 'c'],
          ['c', 'e', 'gone'],
          ['c', 'e', 'else'],
        ],
      ),
      ['A Condition block has a connection from a branch that no longer exists.'],
    ],
    [
      'a branch on a block without branches',
      flowOf([message('m', 'Hi'), end('e')], [['m', 'e', 'else']]),
      [
        'The Message block “Hi” has a connection from a branch that no longer exists.',
        'The End block “Bye!” cannot be reached from the start.',
      ],
    ],
    [
      'an edge out of an End',
      flowOf([end('e'), message('m', 'Hi')], [['e', 'm']]),
      [
        'The End block “Bye!” ends the conversation, so nothing can follow it.',
        'The Message block “Hi” cannot be reached from the start.',
      ],
    ],
    [
      'two edges from one exit',
      flowOf(
        [message('m', 'Hi'), end('a'), end('b')],
        [
          ['m', 'a'],
          ['m', 'b'],
        ],
      ),
      ['The Message block “Hi” has two connections from the same exit.'],
    ],
    [
      'a block that cannot be reached',
      flowOf(
        [message('m', 'Hi'), message('lost', 'Lost'), end('e')],
        [
          ['m', 'e'],
          ['lost', 'e'],
        ],
      ),
      ['The Message block “Lost” cannot be reached from the start.'],
    ],
    [
      'an Ask without a variable',
      flowOf([{ ...email, variable: null }], []),
      ['The Ask block “Your e-mail” has no variable to store the answer in.'],
    ],
    [
      'an Ask storing into a variable the flow does not have',
      { ...flowOf([email], []), variables: [] },
      ['The Ask block “Your e-mail” stores the answer in {{email}}, which the flow does not have.'],
    ],
    [
      'an Ask without a question',
      flowOf([ask('q', { question: ' ', variable: 'x' })], []),
      ['An Ask block has no question.'],
    ],
    [
      'a buttons Ask without buttons',
      flowOf([ask('q', { name: 'Plan', kind: 'buttons', variable: 'plan' })], []),
      ['The Ask block “Plan” has no buttons to choose from.'],
    ],
    [
      'a buttons Ask with a blank label',
      flowOf([ask('q', { name: 'Plan', kind: 'buttons', buttons: ['Pro', ' '], variable: 'plan' })], []),
      ['The Ask block “Plan” has a button without a label.'],
    ],
    [
      'a buttons Ask with one label twice',
      flowOf([ask('q', { name: 'Plan', kind: 'buttons', buttons: ['Pro', 'pro '], variable: 'plan' })], []),
      ['The Ask block “Plan” has two buttons with the same label.'],
    ],
    ['a Message without text', flowOf([message('m', '  ')], []), ['A Message block has no text.']],
    [
      'a Condition without a variable',
      flowOf([{ ...goodElse, variable: null }, end('e')], [['c', 'e', 'else']]),
      ['A Condition block has no variable to test.'],
    ],
    [
      'a Condition comparing with something not a number',
      flowOf(
        [name, condition('c', 'name', [{ id: 'big', operator: 'gt', value: 'ten' }]), end('e')],
        [
          ['ask-name', 'c'],
          ['c', 'e', 'big'],
          ['c', 'e', 'else'],
        ],
      ),
      ['A Condition block compares with “ten”, which is not a number.'],
    ],
    [
      'a Condition without an Else connection',
      flowOf(
        [name, goodElse, end('e')],
        [
          ['ask-name', 'c'],
          ['c', 'e', 'vip'],
        ],
      ),
      ['A Condition block has no Else connection for when no branch matches.'],
    ],
    [
      'an AI Answer without a button label',
      flowOf([aiAnswer('a', { continueLabel: ' ' })], []),
      ['The AI Answer block “What would you like to know?” needs a label on both of its buttons.'],
    ],
    [
      'an AI Answer with one label twice',
      flowOf([aiAnswer('a', { name: 'FAQ', continueLabel: 'ask another question' })], []),
      ['The AI Answer block “FAQ” has two buttons with the same label.'],
    ],
    [
      'a Capture Lead without an e-mail',
      flowOf(
        [name, captureLead('c', { name: 'Save', contact: { name: 'name', email: null, phone: null, company: null } })],
        [['ask-name', 'c']],
      ),
      ['The Capture Lead block “Save” has no variable for the contact’s e-mail.'],
    ],
    [
      'an Offer Booking without the visitor’s e-mail',
      flowOf(
        [name, email, offerBooking('b', { emailVariable: null })],
        [
          ['ask-name', 'ask-email'],
          ['ask-email', 'b'],
        ],
      ),
      [
        'The Offer Booking block “Pick a time for a call:” needs the variables holding the visitor’s name and e-mail to book in.',
      ],
    ],
    [
      'a variable in a text that no Ask fills in',
      flowOf([message('m', 'Hi {{name}}')], [], { variables: ['name'] }),
      ['The Message block “Hi {{name}}” uses {{name}}, which no Ask block fills in.'],
    ],
    [
      'a variable the flow does not have',
      flowOf([message('m', 'Hi {{nmae}}')], []),
      ['The Message block “Hi {{nmae}}” uses {{nmae}}, which the flow does not have.'],
    ],
    [
      'a Condition testing a variable that no Ask fills in',
      flowOf([condition('c', 'plan', []), end('e')], [['c', 'e', 'else']], { variables: ['plan'] }),
      ['A Condition block uses {{plan}}, which no Ask block fills in.'],
    ],
  ])('refuses %s', (_, flow, problems) => {
    expect(problemsOf(flow)).toEqual(problems);
  });

  it('says which block each problem is about', () => {
    const flow = flowOf([message('m', 'Hi'), { ...email, variable: null }], [['m', 'ask-email']]);
    expect(validateFlowForPublish(flow)).toEqual([
      { blockId: 'ask-email', message: 'The Ask block “Your e-mail” has no variable to store the answer in.' },
    ]);
  });

  it('accepts every block kind joined up, with each Condition branch to its own block', () => {
    const flow = flowOf(
      [
        message('hi', 'Hi'),
        aiAnswer('ai'),
        name,
        email,
        ask('plan', { kind: 'buttons', buttons: ['Free', 'Pro'], variable: 'plan' }),
        condition('c', 'plan', [
          { id: 'pro', operator: 'equals', value: 'Pro' },
          { id: 'big', operator: 'gte', value: '1,5' },
        ]),
        captureLead('lead'),
        offerBooking('book'),
        end('bye', 'Bye {{name}}', true),
      ],
      [
        ['hi', 'ai'],
        ['ai', 'ask-name'],
        ['ask-name', 'ask-email'],
        ['ask-email', 'plan'],
        ['plan', 'c'],
        ['c', 'book', 'pro'],
        ['c', 'lead', 'big'],
        ['c', 'lead', 'else'],
        ['book', 'lead'],
        ['lead', 'bye'],
      ],
    );
    expect(problemsOf(flow)).toEqual([]);
  });
});
