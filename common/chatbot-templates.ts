import type { Block, Edge, FlowDefinition } from './chatbot-flow';

/* The flows a new chatbot can start from (issue "AI chatbot"). Ids only need to be unique within a flow, so a
   template's are readable words; each template passes validateFlowForPublish as it is. */

/** A block before it is placed on the canvas. */
type Unplaced<B = Block> = B extends Block ? Omit<B, 'position'> : never;

/** Blocks placed down one column of the canvas, in the order given. */
function column(blocks: Unplaced[], firstRow = 0): Block[] {
  return blocks.map((block, index) => ({ ...block, position: { x: 0, y: (firstRow + index) * 160 } }));
}

/** Each block's one exit joined to the block after it. */
const chain = (ids: string[]): Edge[] =>
  ids.slice(1).map((to, index) => ({ id: `${ids[index]}-${to}`, from: ids[index]!, branch: null, to }));

/** "Answer questions, then capture the lead": a greeting, AI answers until the visitor goes on, name, e-mail. */
export function answerThenCaptureTemplate(): FlowDefinition {
  const answering = column([
    {
      id: 'greeting',
      type: 'message',
      name: 'Greeting',
      text: 'Hi! I’m here to answer your questions about what we do.',
    },
    {
      id: 'answer',
      type: 'aiAnswer',
      name: 'Answer questions',
      prompt: 'What would you like to know?',
      instructions: '',
      askAnotherLabel: 'Ask another question',
      continueLabel: 'Talk to the team',
      limitText: '',
      failureText: '',
    },
  ]);
  const capturing = column(
    [
      {
        id: 'ask-name',
        type: 'ask',
        name: 'Your name',
        question: 'Happy to put you in touch. What’s your name?',
        kind: 'text',
        buttons: [],
        variable: 'name',
        retryText: '',
      },
      {
        id: 'ask-email',
        type: 'ask',
        name: 'Your e-mail',
        question: 'Thanks, {{name}}! What’s your e-mail address, so the team can reach you?',
        kind: 'email',
        buttons: [],
        variable: 'email',
        retryText: 'That doesn’t look like an e-mail address. Please check it and try again.',
      },
      {
        id: 'capture',
        type: 'captureLead',
        name: 'Save the lead',
        contact: { name: 'name', email: 'email', phone: null, company: null },
        deal: null,
      },
      {
        id: 'thanks',
        type: 'end',
        name: 'Thank you',
        text: 'Thank you, {{name}}! We’ll be in touch soon.',
        notifyOwner: true,
      },
    ],
    2,
  );
  return {
    version: 1,
    start: 'greeting',
    groups: [
      { id: 'answering', name: 'Answer questions', blocks: answering },
      { id: 'capturing', name: 'Capture the lead', blocks: capturing },
    ],
    edges: chain([...answering, ...capturing].map((block) => block.id)),
    variables: [{ name: 'name' }, { name: 'email' }],
    settings: { maxAiAnswers: 10 },
  };
}
