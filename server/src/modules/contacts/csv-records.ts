import { open } from 'node:fs/promises';
import Papa from 'papaparse';

// A large CSV file read from disk a piece at a time, with papaparse's own parser (the one its streaming modes use),
// so an import holds one piece in memory, never the file. Each piece ends where a line ends, so the byte offset of
// where the unread records start is known exactly after each piece: an import's checkpoint, from which a job taken
// over by another process goes on.

/** How much of the file is read at once: a piece's records go to the database in one transaction. */
const PIECE_BYTES = 128 * 1024;
/** One record longer than this is a quoted value never closed (a contact's row is a few hundred bytes). */
export const MAX_RECORD_BYTES = 4 * 1024 * 1024;

export interface CsvDialect {
  delimiter: string;
  newline: '\n' | '\r\n' | '\r';
}

export interface RecordPiece {
  /** The records completed by this piece, in order. */
  records: string[][];
  /** Where the records after these start, in bytes from the start of the file. */
  endOffset: number;
  /** The file's last piece. */
  last: boolean;
}

/** Why a file cannot be read as CSV text; `row` for a quoted value never closed, counted from the `from` record. */
export class CsvFileError extends Error {
  constructor(
    readonly reason: 'not-text' | 'unclosed-quote',
    readonly recordIndex = 0,
  ) {
    super(reason);
  }
}

/** The dialect papaparse finds in the file's first piece (as a parse of the whole text would: it looks at 1 MB). */
export function detectDialect(head: string): CsvDialect {
  // Detected without the blank lines, which papaparse's detection would otherwise count as rows of one field.
  const { meta } = Papa.parse<string[]>(head, {
    preview: 10,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
  });
  const newline = meta.linebreak === '\r\n' || meta.linebreak === '\r' ? meta.linebreak : '\n';
  return { delimiter: meta.delimiter, newline };
}

/** The first bytes of the file as text (for the dialect), or a CsvFileError when they are not UTF-8 text. */
export async function readHead(path: string, bytes = 1024 * 1024): Promise<string> {
  const file = await open(path);
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(buffer, 0, bytes, 0);
    return decode(cutAtCharacter(buffer.subarray(0, bytesRead), bytesRead < bytes), true);
  } finally {
    await file.close();
  }
}

/**
 * The file's records from `offset` (0, or an `endOffset` given before), a piece at a time. Throws CsvFileError for
 * bytes that are not UTF-8 text (or hold NUL, as a spreadsheet's own format does) and for a quoted value never
 * closed, with the index of its record counted from the first record read here.
 */
export async function* readRecords(path: string, dialect: CsvDialect, offset = 0): AsyncGenerator<RecordPiece> {
  const parser = new Papa.Parser({ delimiter: dialect.delimiter, newline: dialect.newline });
  const file = await open(path);
  try {
    let position = offset;
    /** Where the unparsed bytes (`carry`) start in the file. */
    let start = offset;
    let carry = Buffer.alloc(0);
    let partial = '';
    let recordsBefore = 0;
    for (;;) {
      const buffer = Buffer.alloc(PIECE_BYTES);
      const { bytesRead } = await file.read(buffer, 0, PIECE_BYTES, position);
      position += bytesRead;
      const last = bytesRead === 0;
      const bytes = Buffer.concat([carry, buffer.subarray(0, bytesRead)]);
      const piece = last ? bytes : cutAtLineEnd(bytes);
      if (!last && piece.length === 0) {
        carry = bytes;
        continue;
      }
      const input = partial + decode(piece, start === 0);
      start += piece.length;
      carry = bytes.subarray(piece.length);
      const result = parser.parse(input, 0, !last) as Papa.ParseResult<string[]>;
      const unclosed = result.errors.find((error) => error.code === 'MissingQuotes');
      if (unclosed) throw new CsvFileError('unclosed-quote', recordsBefore + (unclosed.row ?? 0));
      partial = last ? '' : input.slice(result.meta.cursor);
      if (Buffer.byteLength(partial) > MAX_RECORD_BYTES) {
        throw new CsvFileError('unclosed-quote', recordsBefore + result.data.length);
      }
      recordsBefore += result.data.length;
      yield { records: result.data, endOffset: start - Buffer.byteLength(partial), last };
      if (last) return;
    }
  } finally {
    await file.close();
  }
}

/** UTF-8 text; a BOM is dropped at the start of the file only. NUL bytes or invalid UTF-8 mean not text. */
function decode(bytes: Buffer, atStart: boolean): string {
  if (bytes.includes(0)) throw new CsvFileError('not-text');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: !atStart }).decode(bytes);
  } catch {
    throw new CsvFileError('not-text');
  }
}

/** The bytes up to the last line feed (never inside a UTF-8 character); all of them when there is none. */
function cutAtLineEnd(bytes: Buffer): Buffer {
  const end = bytes.lastIndexOf(0x0a);
  return end >= 0 ? bytes.subarray(0, end + 1) : cutAtCharacter(bytes, false);
}

/** The bytes without a UTF-8 character cut short at their end (unless they are the whole rest of the file). */
function cutAtCharacter(bytes: Buffer, whole: boolean): Buffer {
  if (whole) return bytes;
  let end = bytes.length;
  // Back over continuation bytes (10xxxxxx) to the lead byte of the last character, then leave that character out.
  while (end > 0 && (bytes[end - 1]! & 0xc0) === 0x80) end--;
  return end > 0 && bytes[end - 1]! >= 0xc0 ? bytes.subarray(0, end - 1) : bytes;
}
