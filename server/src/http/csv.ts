import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';

/**
 * A value a spreadsheet would run as a formula (or that starts with a tab or carriage return, which some strip
 * before looking): prefixed with ' so it is shown as text. Papaparse's own `escapeFormulae: true` tests with
 * `.*$`, which misses a value with a line break, hence the plain prefix test here.
 */
export const formulaStart = /^[=+\-@\t\r]/;

/** CSV lines (CRLF between them, none after the last), every cell safe from formula injection. */
export function csvLines(rows: string[][]): string {
  return Papa.unparse(rows, { newline: '\r\n', escapeFormulae: formulaStart });
}

/** Answers a CSV download streamed from `chunks`: however many rows, one batch is in memory at a time. */
export function sendCsv(reply: FastifyReply, fileName: string, chunks: AsyncIterable<string>) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks));
}
