import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ParsedEmail } from '../modules/email/parse';

// Messages for the tests, as the parser would hand them over.

let counter = 0;

export function parsedMessage(overrides: Partial<ParsedEmail> = {}): ParsedEmail {
  counter++;
  return {
    messageId: `<test-${Date.now()}-${counter}@example.com>`,
    subject: `Message ${counter}`,
    from: { name: 'Sender', address: 'sender@example.com' },
    to: [{ name: '', address: 'me@example.com' }],
    cc: [],
    date: new Date('2030-01-01T10:00:00Z'),
    text: `Body of message ${counter}`,
    html: null,
    hasRemoteImages: false,
    attachments: [],
    omittedAttachments: [],
    ...overrides,
  };
}

/** A data folder of its own, removed by the returned function. */
export async function tempDataDir(): Promise<{ dataDir: string; remove: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pipewise-email-'));
  return { dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/** Every file under the folder, relative, hidden ones included. */
export async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}
