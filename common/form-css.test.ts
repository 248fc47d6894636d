import { describe, expect, it } from 'vitest';
import { FORM_ROOT_SELECTOR, scopeCustomCss } from './form-css';

const root = FORM_ROOT_SELECTOR;
/** The CSS with its white space collapsed, to compare rules without their formatting. */
const flat = (css: string | null) => css?.replace(/\s+/g, ' ').trim() ?? null;

describe('scopeCustomCss', () => {
  it('scopes every selector of every rule under the form’s root', () => {
    expect(flat(scopeCustomCss('.field label, input[type="email"] { color: red }'))).toBe(
      `${root} .field label, ${root} input[type="email"] { color: red }`,
    );
  });

  it.each([
    ['html', root],
    ['body', root],
    [':root', root],
    ['BODY', root],
    ['body .title', `${root} .title`],
    ['html body .title', `${root} .title`],
    ['html > body > .title', `${root} > .title`],
    ['body.dark .title', `${root}.dark .title`],
    [':root:hover', `${root}:hover`],
    ['bodyguard', `${root} bodyguard`],
    ['.a body', `${root} .a body`],
  ])('makes %s the root itself where it starts a selector', (selector, scoped) => {
    expect(flat(scopeCustomCss(`${selector} { --x: 1 }`))).toBe(`${scoped} { --x: 1 }`);
  });

  it('keeps @media and @supports, scoping the rules inside them', () => {
    const css = '@media (max-width: 600px) { .a { color: red } @supports (display: grid) { .b { display: grid } } }';
    expect(flat(scopeCustomCss(css))).toBe(
      `@media (max-width: 600px) { ${root} .a { color: red } @supports (display: grid) { ${root} .b { display: grid } } }`,
    );
  });

  it('leaves nested rules relative to their scoped parent', () => {
    expect(flat(scopeCustomCss('.a { color: red; & .b { color: blue } .c { color: green } }'))).toBe(
      `${root} .a { color: red; & .b { color: blue } .c { color: green } }`,
    );
  });

  it.each([
    '@import url("https://evil.example/x.css");',
    '@import "https://evil.example/x.css";',
    '@IMPORT "x.css";',
    '@font-face { font-family: x; src: url(https://evil.example/f.woff) }',
    '@namespace svg url(http://www.w3.org/2000/svg);',
    '@charset "utf-8";',
    '@page { margin: 1cm }',
    '@keyframes spin { from { color: red } }',
    '@layer base { .a { color: red } }',
    '@media (min-width: 1px) { @import "x.css"; }',
  ])('drops the at-rule in %s', (css) => {
    expect(flat(scopeCustomCss(`${css} .kept { color: red }`))).toBe(`${root} .kept { color: red }`);
  });

  it.each([
    'background: url(https://evil.example/track.png)',
    'background: URL( "https://evil.example/track.png" )',
    'background-image: image-set("a.png" 1x)',
    'background-image: -webkit-image-set("a.png" 1x)',
    'background: image("a.png")',
    'background: src("a.png")',
    'width: expression(alert(1))',
    'behavior: url(x.htc)',
    'behavior: x',
    '-moz-binding: x',
    'background: \\75 rl(https://evil.example/x.png)',
    'background: u\\72l(https://evil.example/x.png)',
    'background: \\000075\\000072\\00006c(x)',
    'background: \\u\\r\\l(x)',
    'background: ur/**/l(x)',
    '--tracker: url(x)',
  ])('drops the declaration %s', (declaration) => {
    expect(flat(scopeCustomCss(`.a { ${declaration}; color: blue }`))).toBe(`${root} .a { color: blue }`);
  });

  it('keeps harmless declarations, values with a backslash escape included', () => {
    expect(flat(scopeCustomCss('.a { font-family: "Comic \\53 ans"; scroll-behavior: smooth; color: #fff }'))).toBe(
      `${root} .a { font-family: "Comic \\53 ans"; scroll-behavior: smooth; color: #fff }`,
    );
  });

  it('drops declarations outside any rule', () => {
    expect(flat(scopeCustomCss('@media print { color: red; .a { color: blue } }'))).toBe(
      `@media print { ${root} .a { color: blue } }`,
    );
  });

  it('keeps </style><script> from ever closing the style element', () => {
    for (const css of [
      '</style><script>alert(1)</script>',
      '.a { color: red } </style><script>alert(1)</script>',
      '.a::after { content: "</style><script>alert(1)</script>" }',
      '.a { color: red } /* </style><script>alert(1)</script> */',
      '.a[title="</STYLE >"] { color: red }',
    ]) {
      const scoped = scopeCustomCss(css);
      expect(scoped ?? '', css).not.toContain('<');
      expect(scoped ?? '', css).not.toMatch(/<\/?(style|script)/i);
    }
    expect(flat(scopeCustomCss('.a::after { content: "<b>" }'))).toBe(`${root} .a::after { content: "\\3c b>" }`);
  });

  it('answers null for CSS it cannot parse', () => {
    expect(scopeCustomCss('.a { color: red')).toBeNull();
    expect(scopeCustomCss('.a { color: "red }')).toBeNull();
  });

  it.each([
    '+ p',
    '~ *',
    ':root + p',
    'html ~ .notice',
    'body:hover ~ p',
    ':root[data-theme="x ~ y"] + p',
    ':root:not(.a, .b) ~ p',
  ])('drops the selector %s, which would reach past the form to its siblings', (selector) => {
    expect(flat(scopeCustomCss(`${selector}, .kept { display: none }`))).toBe(`${root} .kept { display: none }`);
    expect(scopeCustomCss(`${selector} { display: none }`)).toBe('');
  });

  it('keeps sibling combinators inside the form', () => {
    expect(flat(scopeCustomCss('.a + .b, :root > .c ~ .d, body .e~.f { color: red }'))).toBe(
      `${root} .a + .b, ${root} > .c ~ .d, ${root} .e~.f { color: red }`,
    );
  });

  it('drops rules nested in a rule for the root itself, which `&` could turn to its siblings', () => {
    expect(flat(scopeCustomCss(':root { color: red; & ~ p { display: none } + p { display: none } }'))).toBe(
      `${root} { color: red }`,
    );
    expect(flat(scopeCustomCss('body, .a { color: red; @media print { & ~ p { display: none } } }'))).toBe(
      `${root}, ${root} .a { color: red }`,
    );
  });

  it.each([
    'position: fixed',
    'position: FIXED !important',
    'position: fi\\78 ed',
    'pos\\69 tion: fixed',
    'position: var(--where)',
    'position: -webkit-sticky-fixed',
  ])('drops %s: nothing of the form is placed over the page', (declaration) => {
    expect(flat(scopeCustomCss(`.a { ${declaration}; color: blue }`))).toBe(`${root} .a { color: blue }`);
  });

  it('keeps the other positions', () => {
    expect(
      flat(scopeCustomCss('.a { position: relative } .b { position: absolute !important } .c { position: sticky }')),
    ).toBe(
      `${root} .a { position: relative } ${root} .b { position: absolute !important } ${root} .c { position: sticky }`,
    );
  });

  it('takes another root', () => {
    expect(flat(scopeCustomCss('body .a { color: red }', '#preview'))).toBe('#preview .a { color: red }');
  });
});
