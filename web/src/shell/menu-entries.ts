import { navItems } from './nav-items';

/** A page or an action the command menu offers beside the search hits. */
export interface MenuEntry {
  /** Unique among the menu's items (cmdk's value). */
  value: string;
  label: string;
  to: string;
}

export const pageEntries: MenuEntry[] = navItems.map(({ to, label }) => ({ value: `page:${to}`, label, to }));

/** `?new=1` opens the page's create modal (the page clears it). */
export const actionEntries: MenuEntry[] = [
  { value: 'action:create-contact', label: 'Create contact', to: '/app/contacts?new=1' },
  { value: 'action:create-deal', label: 'Create deal', to: '/app/deals?new=1' },
  { value: 'action:create-task', label: 'Create task', to: '/app/tasks?new=1' },
  { value: 'action:settings', label: 'Go to settings', to: '/app/settings' },
];

/** The entries whose label contains the typed text (all of them before anything is typed). */
export function filterEntries(entries: readonly MenuEntry[], typed: string): MenuEntry[] {
  const needle = typed.trim().toLowerCase();
  return needle ? entries.filter((entry) => entry.label.toLowerCase().includes(needle)) : [...entries];
}
