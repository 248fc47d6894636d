import type { CSSProperties } from 'react';
import { borderRadii, fontFamilies } from '@common/form-rules';
import type { PublicForm } from '@common/forms';

/* A form's look from its style (part 2 §3): the colours, radius and font as CSS custom properties on the form's
   root. Colours come from the form, which the builder's Preview passes while the user types, so each is checked
   here and only set through the style attribute, never written into CSS text. */

const HEX = /^#[0-9a-f]{6}$/i;
const DEFAULT_PRIMARY = '#3B82F6';
const DEFAULT_BACKGROUND = '#FFFFFF';
/** The dark theme's background when the form's own background is a light one (white text would not show on it). */
const DARK_FALLBACK = '#111827';

const hexOr = (value: string | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback);

/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
/** True when white text reads better than black text on `hex`. */
const isDark = (hex: string) => contrast(1, luminance(hex)) >= contrast(0, luminance(hex));

/** Text, hint, border, input and error colours that read on `background`. */
function paletteOn(background: string) {
  return isDark(background)
    ? {
        bg: background,
        fg: '#F8FAFC',
        muted: '#CBD5E1',
        border: '#94A3B8',
        field: 'rgb(255 255 255 / 0.06)',
        error: '#FCA5A5',
        scheme: 'dark',
      }
    : {
        bg: background,
        fg: '#0F172A',
        muted: '#475569',
        border: '#64748B',
        field: '#FFFFFF',
        error: '#B91C1C',
        scheme: 'light',
      };
}

/**
 * The custom properties of a form's root: `--pf-l-*` for the light look and `--pf-d-*` for the dark one; the
 * static rules of formBaseCss pick one set by the theme (auto: the visitor's prefers-color-scheme).
 */
export function formStyleVariables(style: PublicForm['style']): CSSProperties {
  const primary = hexOr(style.primaryColor, DEFAULT_PRIMARY);
  const background = hexOr(style.backgroundColor, DEFAULT_BACKGROUND);
  const variables: Record<string, string> = {
    '--pf-primary': primary,
    // White on the button when it reads at least as large text (the button's text is large and bold), else black.
    '--pf-on-primary': contrast(1, luminance(primary)) >= 3 || isDark(primary) ? '#FFFFFF' : '#000000',
    '--pf-radius': (borderRadii as Record<string, string | undefined>)[style.borderRadius] ?? borderRadii.md,
    '--pf-font': (fontFamilies as Record<string, string | undefined>)[style.fontFamily] ?? fontFamilies.sans,
  };
  const looks = { l: paletteOn(background), d: paletteOn(isDark(background) ? background : DARK_FALLBACK) };
  for (const [mode, palette] of Object.entries(looks)) {
    for (const [name, value] of Object.entries(palette)) variables[`--pf-${mode}-${name}`] = value;
  }
  return variables;
}

const names = ['bg', 'fg', 'muted', 'border', 'field', 'error', 'scheme'];
const pick = (mode: 'l' | 'd') => names.map((name) => `--pf-${name}:var(--pf-${mode}-${name});`).join('');

/**
 * Our own rules for every form (no user input in them). Unlayered like the user's scoped CSS but with lower
 * specificity (`:where`), so the user's rules win; Tailwind's utilities sit in a layer, which they also beat.
 */
export const formBaseCss = [
  `:where([data-pipewise-form]){${pick('l')}color-scheme:var(--pf-scheme);background-color:var(--pf-bg);color:var(--pf-fg);font-family:var(--pf-font)}`,
  `:where([data-pipewise-form][data-theme="dark"]){${pick('d')}}`,
  `@media (prefers-color-scheme: dark){:where([data-pipewise-form][data-theme="auto"]){${pick('d')}}}`,
].join('\n');
