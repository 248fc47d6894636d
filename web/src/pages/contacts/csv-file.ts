import {
  CONTACT_IMPORT_MAX_BYTES,
  contactImportFields,
  contactMessages,
  type ContactImportField,
} from '@common/contacts';

/** Rows read in the browser: the header and the five shown. */
export const PREVIEW_ROWS = 6;

export interface CsvPreview {
  header: string[];
  rows: string[][];
}

/** Which column fills each field, or null; name is required before Import. */
export type ColumnMapping = Record<ContactImportField, number | null>;

const csvTypes = new Set(['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel']);

/** What the browser can tell before uploading; the server checks the whole file again. */
export async function checkCsvFile(file: File): Promise<string | null> {
  const isCsvName = /\.csv$/i.test(file.name);
  if (!isCsvName && !csvTypes.has(file.type)) return contactMessages.importNotCsv;
  if (file.size > CONTACT_IMPORT_MAX_BYTES) return contactMessages.importTooLarge;
  if (file.size === 0) return contactMessages.importEmpty;
  // A spreadsheet saved as .xlsx and renamed, or an image: not UTF-8 text.
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  if (head.includes(0)) return contactMessages.importNotCsv;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return contactMessages.importNotCsv;
  }
  return null;
}

/** The header row and the first rows; papaparse loads as a chunk of its own, only when a file is chosen. */
export async function readPreview(file: File): Promise<CsvPreview> {
  const { default: Papa } = await import('papaparse');
  const rows = await new Promise<string[][]>((resolve, reject) => {
    Papa.parse<string[]>(file, {
      preview: PREVIEW_ROWS,
      skipEmptyLines: 'greedy',
      complete: (results) => resolve(results.data),
      error: (error) => reject(error),
    });
  });
  const [header = [], ...body] = rows;
  return { header: header.map((cell, i) => (i === 0 ? cell.replace(/^\uFEFF/, '') : cell).trim()), rows: body };
}

const headerNames: Record<ContactImportField, string[]> = {
  name: ['name', 'fullname', 'contactname', 'contact'],
  email: ['email', 'emailaddress', 'mail'],
  phone: ['phone', 'telephone', 'mobile', 'phonenumber', 'tel', 'mobilephone', 'cell'],
  company: ['company', 'organization', 'organisation', 'companyname', 'org'],
};

const simplify = (header: string) => header.toLowerCase().replace(/[^a-z]/g, '');

/** Each field takes the first column whose header names it ("Full Name", "E-mail", "Mobile", "Organisation"). */
export function guessMapping(header: string[]): ColumnMapping {
  const simple = header.map(simplify);
  const taken = new Set<number>();
  const mapping = { name: null, email: null, phone: null, company: null } as ColumnMapping;
  for (const field of contactImportFields) {
    const index = simple.findIndex((name, i) => !taken.has(i) && headerNames[field].includes(name));
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  return mapping;
}

/** A column as the select lists it: its header, or its position when the header cell is blank. */
export const columnLabel = (header: string[], index: number) => header[index] || `Column ${index + 1}`;
