import { describe, expect, it } from 'vitest';
import { CONTACT_IMPORT_MAX_BYTES, contactMessages } from '@common/contacts';
import { checkCsvFile, guessMapping } from './csv-file';

describe('guessMapping', () => {
  it('matches the usual header names, whatever their case and punctuation', () => {
    expect(guessMapping(['Full Name', 'E-mail', 'Mobile', 'Organisation'])).toEqual({
      name: 0,
      email: 1,
      phone: 2,
      company: 3,
    });
    expect(guessMapping(['Company', 'Telephone', 'email', 'Notes', 'name'])).toEqual({
      name: 4,
      email: 2,
      phone: 1,
      company: 0,
    });
  });

  it('leaves a field unmapped when no header names it, and uses each column once', () => {
    expect(guessMapping(['First', 'Last', 'Email', 'Email'])).toEqual({
      name: null,
      email: 2,
      phone: null,
      company: null,
    });
  });
});

describe('checkCsvFile', () => {
  const file = (parts: BlobPart[], name: string, type = '') => new File(parts, name, { type });

  it('accepts a CSV by its name or its type', async () => {
    expect(await checkCsvFile(file(['Name\nAda\n'], 'people.csv'))).toBeNull();
    expect(await checkCsvFile(file(['Name\nAda\n'], 'export', 'text/csv'))).toBeNull();
  });

  it('refuses other files, binary content, empty and oversized files before any upload', async () => {
    expect(await checkCsvFile(file(['x'], 'photo.png', 'image/png'))).toBe(contactMessages.importNotCsv);
    expect(await checkCsvFile(file([new Uint8Array([80, 75, 3, 4, 0, 0])], 'book.csv'))).toBe(
      contactMessages.importNotCsv,
    );
    expect(await checkCsvFile(file([new Uint8Array([0xc3, 0x28])], 'latin.csv'))).toBe(contactMessages.importNotCsv);
    expect(await checkCsvFile(file([], 'empty.csv'))).toBe(contactMessages.importEmpty);
    expect(await checkCsvFile(file([new Uint8Array(CONTACT_IMPORT_MAX_BYTES + 1)], 'big.csv'))).toBe(
      contactMessages.importTooLarge,
    );
  });
});
