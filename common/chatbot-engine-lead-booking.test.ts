import { describe, expect, it } from 'vitest';
import { bookingMessages } from './booking-messages';
import { chatbotTexts } from './chatbot-state';
import type { BlockOf } from './chatbot-flow';
import { ask, captureLead, end, flowOf, offerBooking } from '../server/src/test/chatbot-flows';
import { choice, converse, said, text } from '../server/src/test/chatbot-converse';

// The engine's blocks that ask the server to write: Capture Lead (a contact and a deal) and Offer Booking.

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
