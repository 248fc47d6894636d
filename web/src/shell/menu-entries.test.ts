import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actionEntries, bookingPageEntry, filterEntries, pageEntries } from './menu-entries';
import { navItems, settingsItems } from './nav-items';

const offered = [...pageEntries, ...actionEntries].map((entry) => entry.to.split('?')[0]);

/** The static paths under /app in the route table (not the index, the fallback or those with a parameter). */
function appRoutePaths(): string[] {
  const source = readFileSync(new URL('../app-routes.tsx', import.meta.url), 'utf8');
  return [...source.matchAll(/<Route\s+path="([^"/][^"]*)"/g)]
    .map((match) => match[1] ?? '')
    .filter((path) => path !== '*' && !path.includes(':'))
    .map((path) => `/app/${path}`);
}

describe('the command menu pages and actions', () => {
  it('offers every page and action before anything is typed', () => {
    expect(filterEntries(pageEntries, '  ')).toHaveLength(pageEntries.length);
    expect(actionEntries.map((entry) => entry.label)).toEqual([
      'Create contact',
      'Create deal',
      'Create task',
      'Compose email',
      'Go to settings',
    ]);
  });

  it('offers every page of the sidebar and of the settings hub, once', () => {
    for (const item of [...navItems, ...settingsItems]) {
      expect(pageEntries).toContainEqual({ value: `page:${item.to}`, label: item.label, to: item.to });
    }
    expect(pageEntries.map((entry) => entry.label)).toEqual(
      expect.arrayContaining(['Forms', 'Scheduling Settings', 'Notifications', 'Pipeline Settings']),
    );
  });

  it('leaves no screen of the route table out', () => {
    const paths = appRoutePaths();
    // The parse found the table: a page with a parameter or a rename would make this list short.
    expect(paths).toEqual(expect.arrayContaining(['/app/dashboard', '/app/settings/scheduling', '/app/forms']));
    expect(paths.filter((path) => !offered.includes(path))).toEqual([]);
  });

  it("opens the user's public booking page in a new tab", () => {
    expect(bookingPageEntry('u-1')).toEqual({
      value: 'page:booking',
      label: 'My booking page',
      to: '/book/u-1',
      newTab: true,
    });
  });

  it('keeps those whose label contains the typed text, in any case', () => {
    expect(filterEntries(actionEntries, 'CREATE T').map((entry) => entry.to)).toEqual(['/app/tasks?new=1']);
    expect(filterEntries(pageEntries, 'contac').map((entry) => entry.to)).toEqual(['/app/contacts']);
    expect(filterEntries(pageEntries, 'sched').map((entry) => entry.to)).toEqual(['/app/settings/scheduling']);
    expect(filterEntries(pageEntries, 'zzz')).toEqual([]);
  });

  it('gives each entry a unique value', () => {
    const values = [...pageEntries, ...actionEntries, bookingPageEntry('u-1')].map((entry) => entry.value);
    expect(new Set(values).size).toBe(values.length);
  });
});
