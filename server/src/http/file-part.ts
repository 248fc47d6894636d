import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * The bytes of one multipart file part, read by @fastify/multipart with a `fileSize` limit. Past the limit
 * busboy drops the rest of the file and says so with 'limit': refuse at once with `tooLarge()`, so the answer
 * leaves while a large body is still arriving (its rest is read and dropped, never kept). `toBuffer()` would
 * answer only once the whole body had been read. A part closed before its end (the request cut short) is
 * refused with `cutShort()`; after 'end' the close changes nothing.
 */
export function readFilePart(file: Readable, tooLarge: () => Error, cutShort: () => Error): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => {
      chunks.length = 0;
      reject(tooLarge());
    });
    file.once('end', () => resolve(Buffer.concat(chunks)));
    file.once('error', reject);
    file.once('close', () => reject(cutShort()));
  });
}

/**
 * Writes one multipart file part to `target` as it arrives, so a large upload is never held in memory; refused as
 * `readFilePart` refuses, and the partial file removed then.
 */
export async function saveFilePart(
  file: Readable,
  target: string,
  tooLarge: () => Error,
  cutShort: () => Error,
): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const out = createWriteStream(target);
  try {
    await new Promise<void>((resolve, reject) => {
      let ended = false;
      file.once('limit', () => reject(tooLarge()));
      file.once('end', () => {
        ended = true;
      });
      file.once('error', reject);
      file.once('close', () => {
        if (!ended) reject(cutShort());
      });
      out.once('error', reject);
      out.once('finish', resolve);
      file.pipe(out);
    });
  } catch (error) {
    file.unpipe(out);
    file.resume();
    out.destroy();
    await rm(target, { force: true });
    throw error;
  }
}
