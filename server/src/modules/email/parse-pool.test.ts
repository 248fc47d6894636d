import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEmail } from './parse';
import { closeParsePool, parseMessage, PARSE_IN_WORKER_BYTES, startParsePool } from './parse-pool';

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

/** Runs `work` and answers the longest the event loop was held meanwhile, in ms. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    await work();
  } finally {
    histogram.disable();
  }
  return histogram.max / 1e6;
}

describe('parseMessage', () => {
  it(
    'parses a large message off the main thread: the event loop stays free, the result is the same',
    { timeout: 120_000 },
    async () => {
      const raw = largeMessage(12);
      expect(raw.length).toBeGreaterThan(PARSE_IN_WORKER_BYTES);
      let onThread: Awaited<ReturnType<typeof parseEmail>> | undefined;
      const stallOnThread = await longestStall(async () => (onThread = await parseEmail(raw)));
      await parseMessage(raw); // the worker starts and loads the parser once
      let inWorker: Awaited<ReturnType<typeof parseMessage>> | undefined;
      const stallInWorker = await longestStall(async () => (inWorker = await parseMessage(raw)));
      // Parsed here, the loop is held for the whole parse; in the worker, for copying the bytes at most.
      expect(stallOnThread).toBeGreaterThan(150);
      expect(stallInWorker).toBeLessThan(stallOnThread / 2);
      expect(inWorker).toEqual(onThread);
      expect(Buffer.isBuffer(inWorker!.attachments[0]!.content)).toBe(true);
      expect(inWorker!.html).not.toContain('onclick');
    },
  );

  it('parses a small message here, where a thread would cost more than the parse', async () => {
    const parsed = await parseMessage(Buffer.from('Subject: Hi\r\nFrom: a@example.com\r\n\r\nHello\r\n'));
    expect(parsed).toMatchObject({ subject: 'Hi', text: 'Hello\n' });
  });
});

describe('a worker thread that cannot start', () => {
  it('fails its task, and the process goes on', async () => {
    // A worker file that is missing, as after a broken install.
    const pool = startParsePool(new URL('./no-such-worker.mjs', import.meta.url).href);
    await expect(pool.run(Buffer.from('x'))).rejects.toThrow();
  });
});
