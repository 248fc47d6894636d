import { describe, expect, it } from 'vitest';
import type { PublicForm } from '@common/forms';
import { formBaseCss, formStyleVariables } from './form-style';

const style = (overrides: Partial<PublicForm['style']> = {}): PublicForm['style'] => ({
  theme: 'light',
  primaryColor: '#3B82F6',
  backgroundColor: '#FFFFFF',
  borderRadius: 'md',
  fontFamily: 'sans',
  scopedCss: null,
  ...overrides,
});

const vars = (s: PublicForm['style']) => formStyleVariables(s) as Record<string, string>;

describe('formStyleVariables', () => {
  it('uses the form colours, radius and font', () => {
    const v = vars(style({ borderRadius: 'full', fontFamily: 'mono' }));
    expect(v['--pf-primary']).toBe('#3B82F6');
    expect(v['--pf-on-primary']).toBe('#FFFFFF');
    expect(v['--pf-radius']).toBe('9999px');
    expect(v['--pf-font']).toContain('monospace');
    expect(v['--pf-l-bg']).toBe('#FFFFFF');
    expect(v['--pf-l-fg']).toBe('#0F172A');
  });

  it('keeps text readable: dark text on a light background, light text on a dark one', () => {
    expect(vars(style({ backgroundColor: '#111111' }))['--pf-l-fg']).toBe('#F8FAFC');
    // The dark theme never puts light text on the default white background.
    const v = vars(style({ theme: 'dark' }));
    expect(v['--pf-d-bg']).not.toBe('#FFFFFF');
    expect(v['--pf-d-fg']).toBe('#F8FAFC');
    expect(vars(style({ primaryColor: '#FDE047' }))['--pf-on-primary']).toBe('#000000');
  });

  it('falls back to the defaults for a colour that is not #RRGGBB (never written into CSS text)', () => {
    const v = vars(style({ primaryColor: 'red;}</style>', backgroundColor: 'url(x)' }));
    expect(v['--pf-primary']).toBe('#3B82F6');
    expect(v['--pf-l-bg']).toBe('#FFFFFF');
    expect(formBaseCss).not.toContain('<');
  });
});
