import { describe, expect, it } from 'vitest';
import { calendarBusyMessages } from '@common/calendar-busy-messages';
import { PrivateAddressError } from '../../../net/outgoing-address';
import { multistatusFetch, syncErrorMessage } from './dav-fetch';

// What the sync takes from a calendar server's answer: a multistatus of bounded size, or a reason the user can act on.

const answering = (status: number, body: string, statusText = '') =>
  (async () =>
    new Response(body, { status, statusText, headers: { 'content-type': 'application/xml' } })) as typeof fetch;

const failureOf = async (promise: Promise<unknown>) =>
  syncErrorMessage(
    await promise.then(
      () => null,
      (e: unknown) => e,
    ),
  );

describe('the calendar server’s answers', () => {
  it('passes a multistatus through', async () => {
    const res = await multistatusFetch(answering(207, '<multistatus/>'), 1_000)('https://calendar.example/');
    expect(await res.text()).toBe('<multistatus/>');
  });

  it('refuses any other answer, even a success, so that it never reads as an empty calendar', async () => {
    const ask = (status: number, statusText = '') =>
      failureOf(multistatusFetch(answering(status, '<html/>', statusText), 1_000)('https://calendar.example/'));
    expect(await ask(401)).toBe(calendarBusyMessages.wrongPassword);
    expect(await ask(403)).toBe(calendarBusyMessages.wrongPassword);
    expect(await ask(404)).toBe(calendarBusyMessages.calendarNotFound);
    expect(await ask(200, 'OK')).toBe(`${calendarBusyMessages.serverAnswered} 200 OK`);
    expect(await ask(503, 'Service Unavailable')).toBe(
      `${calendarBusyMessages.serverAnswered} 503 Service Unavailable`,
    );
  });

  it('stops reading an answer past the size limit', async () => {
    const res = await multistatusFetch(answering(207, 'x'.repeat(5_000)), 1_000)('https://calendar.example/');
    expect(await failureOf(res.text())).toBe(calendarBusyMessages.tooLarge);
  });

  it('names network failures in the user’s words', () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    expect(syncErrorMessage(coded('ECONNREFUSED'))).toBe(calendarBusyMessages.unreachable);
    expect(syncErrorMessage(coded('ENOTFOUND'))).toBe(calendarBusyMessages.hostNotFound);
    expect(syncErrorMessage(new TypeError('fetch failed', { cause: coded('ECONNRESET') }))).toBe(
      calendarBusyMessages.unreachable,
    );
    expect(syncErrorMessage(new DOMException('timed out', 'TimeoutError'))).toBe(calendarBusyMessages.timeout);
    expect(syncErrorMessage(new PrivateAddressError('calendar.example'))).toBe(calendarBusyMessages.privateAddress);
    expect(syncErrorMessage(new Error('Cannot parse'))).toBe(calendarBusyMessages.unreadable);
  });
});
