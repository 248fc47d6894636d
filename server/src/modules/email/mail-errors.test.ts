import { describe, expect, it } from 'vitest';
import { mailConnectionMessages } from '@common/mail-connection';
import { MailConnectionError, toMailConnectionError } from './mail-errors';

// The answers the protocol tests cannot provoke cheaply: the server's own line, a size refusal, a wrapped cause.

describe('toMailConnectionError', () => {
  it('answers a size refusal with the too-large message', () => {
    const refusal = Object.assign(new Error('Message failed: 552 5.3.4 Message size exceeds fixed limit'), {
      code: 'EMESSAGE',
      responseCode: 552,
      response: '552 5.3.4 Message size exceeds fixed limit',
    });
    expect(toMailConnectionError(refusal).message).toBe(mailConnectionMessages.tooLarge);
  });

  it("quotes the server's line, on one line, without the password", () => {
    const error = Object.assign(new Error('Can not create message'), {
      code: 'EENVELOPE',
      responseCode: 550,
      response: '550 5.7.1 Relaying denied for secret-pass\r\n(cXVvdGVk c2VjcmV0LXBhc3M=)',
    });
    const answer = toMailConnectionError(error, ['secret-pass']);
    expect(answer).toBeInstanceOf(MailConnectionError);
    expect(answer.reason).toBe('server');
    expect(answer.message).toBe(
      `${mailConnectionMessages.serverAnswered} 550 5.7.1 Relaying denied for •••••••• (cXVvdGVk ••••••••)`,
    );
  });

  it('finds the reason in a wrapped cause', () => {
    const wrapped = new Error('Connection failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) });
    expect(toMailConnectionError(wrapped).message).toBe(mailConnectionMessages.connectionLost);
  });
});
