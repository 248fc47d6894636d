import { z } from 'zod';

/**
 * The header's command menu (decisions.md item 17): one request searches the user's contacts, deals, projects,
 * tasks (own and assigned) and forms at once, a few hits per kind.
 */
export const searchKinds = ['contact', 'deal', 'project', 'task', 'form'] as const;
export type SearchKind = (typeof searchKinds)[number];

export const SEARCH_MAX_LENGTH = 100;
/** Hits per kind. */
export const SEARCH_PER_KIND = 5;

export const searchKindLabels: Record<SearchKind, string> = {
  contact: 'Contacts',
  deal: 'Deals',
  project: 'Projects',
  task: 'Tasks',
  form: 'Forms',
};

export const searchMessages = {
  placeholder: 'Search contacts, deals, projects, tasks, forms...',
  empty: 'No results found.',
  failed: 'Search failed. Try again.',
  tooLong: `Search must be at most ${SEARCH_MAX_LENGTH} characters`,
  required: 'Type something to search',
} as const;

/** GET /api/search?q=: any text (LIKE's wildcards match themselves), trimmed, 1–100 characters. */
export const searchQuerySchema = z.object({
  q: z
    .string({ message: searchMessages.required })
    .trim()
    .min(1, searchMessages.required)
    .max(SEARCH_MAX_LENGTH, searchMessages.tooLong),
});

export const searchHitSchema = z.object({
  kind: z.enum(searchKinds),
  id: z.string(),
  title: z.string(),
  /** A second line (a contact's e-mail or company, a deal's contact and stage, a task's status, …), or null. */
  subtitle: z.string().nullable(),
  /** The app path that opens it. */
  link: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** Hits in the order of `searchKinds`, at most SEARCH_PER_KIND of each. */
export const searchResultSchema = z.object({ items: z.array(searchHitSchema) });
export type SearchResult = z.infer<typeof searchResultSchema>;

/** `text` cut into parts, `match` true where it contains `q` (case-insensitive), for highlighting. */
export function highlightParts(text: string, q: string): Array<{ text: string; match: boolean }> {
  const needle = q.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const haystack = text.toLowerCase();
  // Lower-casing changed the length (a few scripts do): positions would not line up, so nothing is marked.
  if (haystack.length !== text.length) return [{ text, match: false }];
  const parts: Array<{ text: string; match: boolean }> = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
