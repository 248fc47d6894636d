import Papa from 'papaparse';
import {
  CONTACT_IMPORT_LISTED_ROWS,
  contactImportFields,
  contactInputSchema,
  contactMessages,
  type ContactImportField,
  type ContactImportResult,
} from '@common/contacts';
import { AppError } from '../../errors';
import type { ContactValues } from './columns';
import { formulaStart } from './csv-export';

/** The mapping as the options schema leaves it: a column for name, a column or null for the others. */
export type ImportMapping = Record<ContactImportField, number | null> & { name: number };

export interface ImportRow {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  values: ContactValues;
}

export interface ParsedImport {
  rows: ImportRow[];
  invalid: ContactImportResult['invalid'];
  invalidCount: number;
}

export const refuseFile = (message: string) => new AppError(400, message, { file: message });

/**
 * Reads an uploaded CSV file into contact rows, refusing a file that is not UTF-8 text, has no header or no data
 * rows, or holds a quoted value never closed (nothing is stored then). Rows that fail the contact rules are
 * counted and listed (the first `listed`), not returned. Blank lines are passed over but keep their row numbers.
 */
export function parseContactsCsv(
  bytes: Buffer,
  mapping: ImportMapping,
  listed = CONTACT_IMPORT_LISTED_ROWS,
): ParsedImport {
  const text = decodeText(bytes);
  if (!text.trim()) throw refuseFile(contactMessages.importEmpty);
  // Detected on the first lines without the blank ones, which papaparse's detection would otherwise count
  // as rows of one field (a file ending in a line break would be read with commas whatever it uses).
  const { delimiter } = Papa.parse<string[]>(text, {
    preview: 10,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
  }).meta;
  const { data, errors } = Papa.parse<string[]>(text, { delimiter });
  const unclosed = errors.find((error) => error.code === 'MissingQuotes');
  if (unclosed) throw refuseFile(contactMessages.importMalformed((unclosed.row ?? 0) + 1));
  const header = data[0];
  if (!header || header.every(isBlank)) throw refuseFile(contactMessages.importNotCsv);
  checkMapping(mapping, header.length);

  const rows: ImportRow[] = [];
  const invalid: ParsedImport['invalid'] = [];
  let invalidCount = 0;
  let dataRows = 0;
  data.forEach((cells, index) => {
    if (index === 0 || cells.every(isBlank)) return;
    dataRows++;
    const row = index + 1;
    const cell = (field: ContactImportField) => {
      const column = mapping[field];
      return column === null ? undefined : unguard(cells[column]);
    };
    const parsed = contactInputSchema.safeParse({
      name: cell('name'),
      email: cell('email'),
      phone: cell('phone'),
      company: cell('company'),
    });
    if (parsed.success) rows.push({ row, values: parsed.data });
    else if (invalidCount++ < listed) invalid.push({ row, reason: parsed.error.issues[0]?.message ?? 'Invalid row' });
  });
  if (!dataRows) throw refuseFile(contactMessages.importEmpty);
  return { rows, invalid, invalidCount };
}

/** UTF-8 text (a BOM is dropped); NUL bytes or invalid UTF-8 mean a binary file, such as a spreadsheet's own format. */
function decodeText(bytes: Buffer): string {
  if (bytes.includes(0)) throw refuseFile(contactMessages.importNotCsv);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuseFile(contactMessages.importNotCsv);
  }
}

function checkMapping(mapping: ImportMapping, columns: number) {
  for (const field of contactImportFields) {
    const column = mapping[field];
    if (column === null || column < columns) continue;
    const message = field === 'name' ? contactMessages.importNameColumnRequired : contactMessages.importColumnUnknown;
    throw new AppError(400, message, { [`mapping.${field}`]: message });
  }
}

const isBlank = (cell: string) => cell.trim() === '';

/** Undoes the export's guard: `'=x` read back is `=x`, so a file exported here imports as it was. */
function unguard(cell: string | undefined): string | undefined {
  return cell !== undefined && cell.startsWith("'") && formulaStart.test(cell.slice(1)) ? cell.slice(1) : cell;
}
