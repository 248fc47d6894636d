import { bookingMessages } from './booking-messages';
import { type Block, type BlockOf, MAX_TEXT_LENGTH, fillVariables, numberOf } from './chatbot-flow';
import { MAX_VALUE_LENGTH, checkValue, fieldMessages } from './form-rules';
import { chatbotTexts, type ConversationPhase, type StepInput } from './chatbot-state';
import { exit, isEmail, sameLabel, say, valueOf, visitorInputs, type Go, type Turn } from './chatbot-turn';

// What each kind of block does when the conversation enters it or an input comes back to it (chatbot-engine.ts).

/** Whether a Condition branch holds for a variable's (trimmed) value; a number test needs two numbers. */
export function matches(branch: BlockOf<'condition'>['branches'][number], value: string): boolean {
  const wanted = branch.value.trim().toLowerCase();
  const [a, b] = [numberOf(value), numberOf(branch.value)];
  switch (branch.operator) {
    case 'equals':
      return value.toLowerCase() === wanted;
    case 'contains':
      return value.toLowerCase().includes(wanted);
    case 'isSet':
      return value !== '';
    case 'gt':
      return a > b;
    case 'lt':
      return a < b;
    case 'gte':
      return a >= b;
    case 'lte':
      return a <= b;
  }
}

/** An Ask's answer: stored and on, or the retry line and the same question again. */
export function answer(turn: Turn, block: BlockOf<'ask'>, input: StepInput): Go | 'refused' {
  const given = input.type === 'text' ? input.text : input.type === 'choice' ? input.label : null;
  if (given === null || (input.type === 'choice' && block.kind !== 'buttons')) return 'refused';
  const checked = checkAnswer(block, given);
  if ('problem' in checked) {
    say(turn, block, block.retryText, checked.problem);
    say(turn, block, block.question);
    return { wait: 'answer' };
  }
  if (block.variable) turn.state.variables[block.variable] = checked.value;
  return exit(turn, block);
}

/** An answer held to the form rules of the Ask's kind: the trimmed value (a button's own label), or why not. */
function checkAnswer(block: BlockOf<'ask'>, given: string): { value: string } | { problem: string } {
  const value = given.trim();
  if (block.kind === 'buttons') {
    const chosen = block.buttons.find((button) => button.trim() !== '' && sameLabel(button, value));
    return chosen === undefined ? { problem: fieldMessages.option } : { value: chosen };
  }
  if (value === '') return { problem: fieldMessages.required };
  if (value.length > MAX_VALUE_LENGTH) return { problem: fieldMessages.tooLong(MAX_VALUE_LENGTH) };
  const problem = {
    text: null,
    email: checkValue('email', value),
    phone: checkValue('phone', value),
    number: checkValue('numeric', value),
    date: isCalendarDate(value) ? null : chatbotTexts.date,
  }[block.kind];
  return problem ? { problem } : { value };
}

/** 'YYYY-MM-DD' of a day that exists (the widget's date picker sends this form). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function aiLimitReached(turn: Turn, block: BlockOf<'aiAnswer'>): Go {
  say(turn, block, block.limitText, chatbotTexts.aiLimit);
  return exit(turn, block);
}

/** While the AI Answer waits for the visitor: a question for the AI, "ask another", or go on. */
export function question(
  turn: Turn,
  block: BlockOf<'aiAnswer'>,
  phase: ConversationPhase,
  input: StepInput,
): Go | 'refused' {
  if (input.type === 'choice') {
    if (sameLabel(input.label, block.continueLabel)) return exit(turn, block);
    if (phase !== 'followUp' || !sameLabel(input.label, block.askAnotherLabel)) return 'refused';
    say(turn, block, block.prompt);
    return { wait: 'question' };
  }
  if (input.type !== 'text') return 'refused';
  const asked = input.text.trim();
  if (asked === '') return { wait: phase };
  if (asked.length > MAX_TEXT_LENGTH) {
    turn.messages.push({ blockId: block.id, text: fieldMessages.tooLong(MAX_TEXT_LENGTH) });
    return { wait: phase };
  }
  if (turn.state.aiQuestions >= turn.flow.settings.maxAiAnswers) return aiLimitReached(turn, block);
  turn.state.aiQuestions += 1;
  const instructions = fillVariables(block.instructions, turn.state.variables).trim();
  turn.effects.push({ type: 'aiAnswer', question: asked, instructions });
  return { wait: 'aiAnswer' };
}

/** The AI's answer is said as it came (no variables filled in), then "ask another" or go on. */
export function aiAnswered(turn: Turn, block: BlockOf<'aiAnswer'>, input: StepInput): Go | 'refused' {
  if (input.type === 'aiAnswered' && input.answer.trim())
    turn.messages.push({ blockId: block.id, text: input.answer.trim() });
  else if (input.type === 'aiAnswered' || input.type === 'effectFailed')
    say(turn, block, block.failureText, chatbotTexts.aiFailure);
  else return 'refused';
  return { wait: 'followUp' };
}

export function captureLead(turn: Turn, block: BlockOf<'captureLead'>): Go {
  const email = valueOf(turn, block.contact.email);
  // An e-mail is what a contact is found or made by: without one (a path that did not ask) nothing is captured.
  if (!isEmail(email)) return exit(turn, block);
  const optional = (name: string | null) => valueOf(turn, name) || null;
  turn.effects.push({
    type: 'captureLead',
    contact: {
      name: optional(block.contact.name),
      email,
      phone: optional(block.contact.phone),
      company: optional(block.contact.company),
    },
    deal: block.deal && { ...block.deal },
  });
  return { wait: 'lead' };
}

export function findSlots(turn: Turn, block: BlockOf<'offerBooking'>): Go {
  turn.effects.push({ type: 'findSlots', count: block.slotCount });
  return { wait: 'slots' };
}

export function slotsFound(turn: Turn, block: BlockOf<'offerBooking'>, input: StepInput): Go | 'refused' {
  if (input.type === 'effectFailed') return sayAndExit(turn, block, block.failureText, chatbotTexts.bookFailed);
  if (input.type !== 'slotsFound') return 'refused';
  const slots = input.slots.slice(0, block.slotCount);
  if (slots.length === 0) return sayAndExit(turn, block, block.noSlotsText, chatbotTexts.noSlots);
  turn.state.offeredSlots = slots.map(({ start, end }) => ({ start, end }));
  return { wait: 'slotChoice' };
}

/** The visitor's pick among the shown times: booked in the names the block maps, skipped, or asked again. */
export function slotChosen(turn: Turn, block: BlockOf<'offerBooking'>, input: StepInput): Go | 'refused' {
  if (input.type === 'choice' && block.skipLabel.trim() && sameLabel(input.label, block.skipLabel))
    return exit(turn, block);
  const start = input.type === 'slot' ? input.start : null;
  if (start === null || !turn.state.offeredSlots.some((slot) => slot.start === start)) {
    if (!visitorInputs.has(input.type)) return 'refused';
    turn.messages.push({ blockId: block.id, text: bookingMessages.notASlot });
    return { wait: 'slotChoice' };
  }
  turn.state.offeredSlots = [];
  const name = valueOf(turn, block.nameVariable);
  turn.effects.push({ type: 'book', start, name, email: valueOf(turn, block.emailVariable) });
  return { wait: 'booking' };
}

/** The booking's outcome: on when booked (or failed), the free times again when the slot was taken meanwhile. */
export function booked(turn: Turn, block: BlockOf<'offerBooking'>, input: StepInput): Go | 'refused' {
  switch (input.type) {
    case 'booked':
      return sayAndExit(turn, block, block.bookedText, chatbotTexts.booked);
    case 'slotTaken':
      turn.messages.push({ blockId: block.id, text: bookingMessages.slotTaken });
      return findSlots(turn, block);
    case 'effectFailed':
      return sayAndExit(turn, block, block.failureText, chatbotTexts.bookFailed);
    default:
      return 'refused';
  }
}

function sayAndExit(turn: Turn, block: Block, text: string, fallback: string): Go {
  say(turn, block, text, fallback);
  return exit(turn, block);
}
