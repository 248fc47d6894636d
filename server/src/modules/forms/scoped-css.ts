import { and, eq, ne, sql } from 'drizzle-orm';
import { FORM_CSS_VERSION, scopeCustomCss } from '@common/form-css';
import type { Db } from '../../db/client';
import { forms } from '../../db/schema';
import { readStyle } from './stored';

// A form's custom CSS is scoped (parsed by postcss and rewritten) once, when the form is saved, and stored beside
// it: the public page, which anyone may load as often as they like, only reads it.

/** The custom CSS as the public page serves it; null when there is none, or it cannot be parsed. */
export function scopedCssOf(customCss: string | undefined): string | null {
  return (customCss?.trim() && scopeCustomCss(customCss)) || null;
}

/** The columns a save writes beside the style. */
export const scopedCssColumns = (customCss: string | undefined) => ({
  scopedCss: scopedCssOf(customCss),
  scopedCssVersion: FORM_CSS_VERSION,
});

/**
 * Scopes again the CSS of every form saved under other rules (or before the column existed): run at start. Forms
 * without custom CSS take the version in one statement; the others, a few per user, one by one. Safe to run in
 * several processes at once.
 */
export async function rescopeStaleFormCss(db: Db, batch = 100): Promise<number> {
  const stale = ne(forms.scopedCssVersion, FORM_CSS_VERSION);
  await db
    .update(forms)
    .set({ scopedCss: null, scopedCssVersion: FORM_CSS_VERSION })
    .where(and(stale, sql`coalesce(btrim(${forms.style}->>'customCss'), '') = ''`));
  let rescoped = 0;
  for (;;) {
    const rows = await db.select({ id: forms.id, style: forms.style }).from(forms).where(stale).limit(batch);
    if (!rows.length) return rescoped;
    for (const row of rows) {
      await db
        .update(forms)
        .set(scopedCssColumns(readStyle(row.style).customCss))
        .where(and(eq(forms.id, row.id), stale));
    }
    rescoped += rows.length;
  }
}
