import { describe, expect, it } from 'vitest';
import { actionEntries, filterEntries, pageEntries } from './menu-entries';

describe('the command menu pages and actions', () => {
  it('offers every page and action before anything is typed', () => {
    expect(filterEntries(pageEntries, '  ')).toHaveLength(pageEntries.length);
    expect(actionEntries.map((entry) => entry.label)).toEqual([
      'Create contact',
      'Create deal',
      'Create task',
      'Go to settings',
    ]);
  });

  it('keeps those whose label contains the typed text, in any case', () => {
    expect(filterEntries(actionEntries, 'CREATE T').map((entry) => entry.to)).toEqual(['/app/tasks?new=1']);
    expect(filterEntries(pageEntries, 'con').map((entry) => entry.to)).toEqual(['/app/contacts']);
    expect(filterEntries(pageEntries, 'zzz')).toEqual([]);
  });

  it('gives each entry a unique value', () => {
    const values = [...pageEntries, ...actionEntries].map((entry) => entry.value);
    expect(new Set(values).size).toBe(values.length);
  });
});
