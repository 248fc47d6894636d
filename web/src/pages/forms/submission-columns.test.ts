import { describe, expect, it } from 'vitest';
import { cellText, submissionColumns } from './submission-columns';

const snapshot = (fields: Array<[string, string]>) => ({
  fields: fields.map(([id, label]) => ({ id, label, type: 'text' })),
});

describe('submission columns', () => {
  it('lists the current fields first, with their current labels', () => {
    const columns = submissionColumns(
      [
        { id: 'a', label: 'Full Name' },
        { id: 'b', label: 'Work Email' },
      ],
      [
        snapshot([
          ['b', 'Email'],
          ['a', 'Name'],
        ]),
      ],
    );
    expect(columns).toEqual([
      { fieldId: 'a', label: 'Full Name', removed: false },
      { fieldId: 'b', label: 'Work Email', removed: false },
    ]);
  });

  it('adds a removed field once, labelled as it was in the newest submission that had it', () => {
    const columns = submissionColumns(
      [{ id: 'a', label: 'Full Name' }],
      [
        snapshot([
          ['a', 'Full Name'],
          ['old', 'Budget (USD)'],
        ]),
        snapshot([['old', 'Budget']]),
        snapshot([['x', 'Fax']]),
      ],
    );
    expect(columns.map((c) => [c.fieldId, c.label, c.removed])).toEqual([
      ['a', 'Full Name', false],
      ['old', 'Budget (USD)', true],
      ['x', 'Fax', true],
    ]);
  });

  it('shows chosen options joined and an empty value as a dash', () => {
    expect(cellText(['Option 1', 'Option 3'])).toBe('Option 1, Option 3');
    expect(cellText(undefined)).toBe('-');
    expect(cellText('  ')).toBe('-');
    expect(cellText('Ann')).toBe('Ann');
  });
});
