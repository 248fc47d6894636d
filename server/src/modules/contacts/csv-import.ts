import { contactImportFields, contactInputSchema, contactMessages, type ContactImportField } from '@common/contacts';
import { AppError } from '../../errors';
import type { ContactValues } from './columns';
import { formulaStart } from './csv-export';
import { CsvFileError, detectDialect, readHead, readRecords, type CsvDialect } from './csv-records';

/** The mapping as the options schema leaves it: a column for name, a column or null for the others. */
export type ImportMapping = Record<ContactImportField, number | null> & { name: number };

export const refuseFile = (message: string) => new AppError(400, message, { file: message });

/** A file's words for a CsvFileError: not text, or the row (as a spreadsheet numbers it) of a quote never closed. */
export function fileErrorMessage(error: CsvFileError, recordsBefore = 0): string {
  return error.reason === 'not-text'
    ? contactMessages.importNotCsv
    : contactMessages.importMalformed(recordsBefore + error.recordIndex + 1);
}

/**
 * Checks an uploaded CSV file as a whole before anything is imported, reading it a piece at a time: UTF-8 text, a
 * header, the mapping's columns in it, data rows, and no quoted value left open. Answers the file's dialect and its
 * data rows (blank lines left out), or throws the refusal (400) naming what is wrong.
 */
export async function checkImportFile(
  path: string,
  mapping: ImportMapping,
): Promise<{ dialect: CsvDialect; totalRows: number }> {
  try {
    const head = await readHead(path);
    if (!head.trim()) throw refuseFile(contactMessages.importEmpty);
    const dialect = detectDialect(head);
    let header: string[] | undefined;
    let totalRows = 0;
    for await (const { records } of readRecords(path, dialect)) {
      for (const cells of records) {
        if (!header) {
          header = cells;
          if (header.every(isBlank)) throw refuseFile(contactMessages.importNotCsv);
          checkMapping(mapping, header.length);
        } else if (!cells.every(isBlank)) totalRows++;
      }
    }
    if (!totalRows) throw refuseFile(contactMessages.importEmpty);
    return { dialect, totalRows };
  } catch (error) {
    if (error instanceof CsvFileError) throw refuseFile(fileErrorMessage(error));
    throw error;
  }
}

/** One data row of the file, checked by the contact rules: its values, or the first rule it breaks. */
export function rowValues(
  cells: string[],
  mapping: ImportMapping,
): { values: ContactValues } | { reason: string; cells: Record<ContactImportField, string | undefined> } {
  const cell = (field: ContactImportField) => {
    const column = mapping[field];
    return column === null ? undefined : unguard(cells[column]);
  };
  const raw = { name: cell('name'), email: cell('email'), phone: cell('phone'), company: cell('company') };
  const parsed = contactInputSchema.safeParse(raw);
  if (parsed.success) return { values: parsed.data };
  return { reason: parsed.error.issues[0]?.message ?? 'Invalid row', cells: raw };
}

function checkMapping(mapping: ImportMapping, columns: number) {
  for (const field of contactImportFields) {
    const column = mapping[field];
    if (column === null || column < columns) continue;
    const message = field === 'name' ? contactMessages.importNameColumnRequired : contactMessages.importColumnUnknown;
    throw new AppError(400, message, { [`mapping.${field}`]: message });
  }
}

export const isBlank = (cell: string) => cell.trim() === '';

/** Undoes the export's guard: `'=x` read back is `=x`, so a file exported here imports as it was. */
function unguard(cell: string | undefined): string | undefined {
  return cell !== undefined && cell.startsWith("'") && formulaStart.test(cell.slice(1)) ? cell.slice(1) : cell;
}
