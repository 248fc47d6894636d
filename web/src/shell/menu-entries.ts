import { bookingPath } from '../lib/booking-link';
import { navItems, settingsItems } from './nav-items';

/** A page or an action the command menu offers beside the search hits. */
export interface MenuEntry {
  /** Unique among the menu's items (cmdk's value). */
  value: string;
  label: string;
  to: string;
  /** A page outside the signed-in app, opened in a new tab. */
  newTab?: boolean;
}

/**
 * Every screen of the app, from the lists the sidebar and the settings hub show (menu-entries.test.ts checks
 * the route table against it): a screen added to either is offered here too.
 */
export const pageEntries: MenuEntry[] = [...navItems, ...settingsItems]
  .filter((item, index, items) => items.findIndex((other) => other.to === item.to) === index)
  .map(({ to, label }) => ({ value: `page:${to}`, label, to }));

/** The user's public booking page, which visitors use to book time with them. */
export const bookingPageEntry = (userId: string): MenuEntry => ({
  value: 'page:booking',
  label: 'My booking page',
  to: bookingPath(userId),
  newTab: true,
});

/** `?new=1` opens the page's create modal (the page clears it). */
export const actionEntries: MenuEntry[] = [
  { value: 'action:create-contact', label: 'Create contact', to: '/app/contacts?new=1' },
  { value: 'action:create-deal', label: 'Create deal', to: '/app/deals?new=1' },
  { value: 'action:create-task', label: 'Create task', to: '/app/tasks?new=1' },
  { value: 'action:compose-email', label: 'Compose email', to: '/app/email/compose' },
  { value: 'action:settings', label: 'Go to settings', to: '/app/settings' },
];

/** The entries whose label contains the typed text (all of them before anything is typed). */
export function filterEntries(entries: readonly MenuEntry[], typed: string): MenuEntry[] {
  const needle = typed.trim().toLowerCase();
  return needle ? entries.filter((entry) => entry.label.toLowerCase().includes(needle)) : [...entries];
}
