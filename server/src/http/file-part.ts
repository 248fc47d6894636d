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
