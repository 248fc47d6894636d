import { describe, expect, it } from 'vitest';
import { logSerializers, redactUrl } from './log-redaction';

describe.skipIf(process.env.TEST_DB === 'postgres')('what a log line may show of a request', () => {
  const token = 'Zq9bX2v8Rk3mN5pT7wY1cE4gH6jL0sUaDfGhJkLq';

  it('hides the calendar feed’s token, however the path is written', () => {
    for (const url of [
      `/api/calendar/feed/${token}.ics`,
      `/%61pi/calendar/feed/${token}.ics`,
      `/api/calendar/fe%65d/${token}.ics`,
      `/API/CALENDAR/FEED/${token}.ics?x=1`,
    ]) {
      const logged = redactUrl(url);
      expect(logged, url).not.toContain(token);
      expect(logged, url).toMatch(/\/feed\/\[redacted\]/i);
    }
  });

  it('hides the values of cursors, search terms and tokens in the query, and keeps the rest', () => {
    const cursor = 'WyJhbm5AZXhhbXBsZS5jb20iLCJ4Il0.c2lnbmF0dXJl';
    const logged = redactUrl(`/api/contacts?limit=50&cursor=${cursor}&q=ann%40example.com&sort=name&Token=abc`);
    expect(logged).toBe('/api/contacts?limit=50&cursor=%5Bredacted%5D&q=%5Bredacted%5D&sort=name&Token=%5Bredacted%5D');
  });

  it('keeps a URL with nothing to hide as it came', () => {
    for (const url of ['/api/contacts', '/api/contacts?limit=50&sort=name', '/api/deals/%00', '/%E0%A4%A'])
      expect(redactUrl(url)).toBe(url);
  });

  it('logs a failed query’s statement and code, never its parameters', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "ann@example.com"'), { code: '22P02' });
    const error = Object.assign(
      new Error('Failed query: select * from contacts where email = $1\nparams: ann@example.com', { cause }),
      { query: 'select * from contacts where email = $1', params: ['ann@example.com'] },
    );
    const logged = logSerializers.err(error);
    expect(JSON.stringify(logged)).not.toContain('ann@example.com');
    expect(logged).toMatchObject({ code: '22P02', statement: 'select * from contacts where email = $1' });
    expect(logged.message).toBe('Failed query: invalid input syntax for type uuid: "[redacted]"');
    // Wrapped in another error, as a service may rethrow it.
    expect(JSON.stringify(logSerializers.err(new Error('outer', { cause: error })))).not.toContain('ann@example.com');
  });

  it('logs any other error as pino does', () => {
    expect(logSerializers.err(new TypeError('boom'))).toMatchObject({ type: 'TypeError', message: 'boom' });
  });
});
