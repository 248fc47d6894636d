import { afterAll, describe, expect, it } from 'vitest';
import { parseEmail } from './parse';
import { closeParsePool, parseMessage, PARSE_IN_WORKER_BYTES, startParsePool, workerParseCount } from './parse-pool';

// A large message (up to 25 MB, sent by anyone to a checked mailbox) is parsed and sanitised in a worker thread:
// the event loop, which answers every other request, stays free meanwhile.

afterAll(() => closeParsePool());

/** A message of about `megabytes` MB: an HTML body of many small elements (the sanitiser's work) and an attachment. */
function largeMessage(megabytes: number): Buffer {
  const row =
    '<tr><td class="a" onclick="x()"><b>cell</b> <i>text</i> <a href="https://example.com/">link</a></td></tr>\n';
  const html = `<html><body><table>${row.repeat(Math.ceil((megabytes * 1024 * 1024) / row.length))}</table></body></html>`;
  const attachment = Buffer.alloc(300 * 1024, 7)
    .toString('base64')
    .replace(/.{76}/g, '$&\r\n');
  return Buffer.from(
    [
      'From: Sender <sender@example.com>',
      'To: me@example.com',
      'Subject: A large one',
      'Message-ID: <large@example.com>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/html; charset=utf-8',
      '',
      html,
      '--b',
      'Content-Type: application/octet-stream; name="data.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      attachment,
      '--b--',
      '',
    ].join('\r\n'),
  );
}

describe('parseMessage', () => {
  // Whether the event loop stays free is a matter of time, measured by the bench's large-message line, not here.
  it('parses a large message in the worker thread, with the same result as here', { timeout: 120_000 }, async () => {
    const raw = largeMessage(3);
    expect(raw.length).toBeGreaterThan(PARSE_IN_WORKER_BYTES);
    const before = workerParseCount();
    const inWorker = await parseMessage(raw);
    expect(workerParseCount()).toBe(before + 1);
    expect(inWorker).toEqual(await parseEmail(raw));
    expect(Buffer.isBuffer(inWorker.attachments[0]!.content)).toBe(true);
    expect(inWorker.html).not.toContain('onclick');
  });

  it('parses a small message here, where a thread would cost more than the parse', async () => {
    const before = workerParseCount();
    const parsed = await parseMessage(Buffer.from('Subject: Hi\r\nFrom: a@example.com\r\n\r\nHello\r\n'));
    expect(parsed).toMatchObject({ subject: 'Hi', text: 'Hello\n' });
    expect(workerParseCount()).toBe(before);
  });
});

describe('a worker thread that cannot start', () => {
  it('fails its task, and the process goes on', async () => {
    // A worker file that is missing, as after a broken install.
    const pool = startParsePool(new URL('./no-such-worker.mjs', import.meta.url).href);
    await expect(pool.run(Buffer.from('x'))).rejects.toThrow();
  });
});
