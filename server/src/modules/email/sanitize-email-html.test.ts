import { describe, expect, it } from 'vitest';
import { sanitizeEmailHtml } from './sanitize-email-html';

// A message's HTML never runs script in the app; remote images wait for the user's permission.

const clean = (html: string) => sanitizeEmailHtml(html).html;

describe('sanitizeEmailHtml', () => {
  it('drops script elements with their content', () => {
    expect(clean('<p>Hi</p><script>alert(1)</script><noscript>x</noscript>')).toBe('<p>Hi</p>');
  });

  it('drops event handler attributes', () => {
    const html = clean('<p onclick="a()" onmouseover="b()">Hi</p><img src="https://x.example/i.png" onerror="c()">');
    expect(html).not.toMatch(/on(click|mouseover|error)|a\(\)|c\(\)/);
    expect(html).toContain('<p>Hi</p>');
  });

  it('drops javascript:, data: and protocol-relative links, however they are written', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      '//evil.example/',
    ]) {
      expect(clean(`<a href="${href}">x</a>`), href).toBe('<a rel="noopener noreferrer" target="_blank">x</a>');
    }
  });

  it('keeps http(s), mailto and tel links, opened outside the app without a referrer', () => {
    expect(clean('<a href="https://example.com/a?b=1&amp;c=2" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(clean('<a href="mailto:a@example.com">m</a>')).toContain('href="mailto:a@example.com"');
    expect(clean('<a href="tel:+4930123">t</a>')).toContain('href="tel:+4930123"');
  });

  it('drops SVG and MathML with everything inside', () => {
    expect(
      clean('<svg onload="a()"><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg><math>y</math>'),
    ).toBe('');
  });

  it('drops forms, frames, objects, embeds, meta, base, link and style elements', () => {
    const html = clean(
      '<form action="https://x.example"><input name="a"><button>Send</button></form>' +
        '<iframe src="https://x.example"></iframe><object data="x.swf"></object><embed src="x.swf">' +
        '<meta http-equiv="refresh" content="0;url=https://x.example"><base href="https://x.example/">' +
        '<link rel="stylesheet" href="https://x.example/s.css"><style>p{background:url(https://x.example/t)}</style>' +
        '<p>kept</p>',
    );
    expect(html).toBe('Send<p>kept</p>');
  });

  it('keeps simple inline styles and drops url(), position and expressions', () => {
    expect(
      clean(
        '<div style="color: red; background: url(https://t.example/p.gif); background-image: url(x); ' +
          'position: fixed; top: 0; z-index: 9; width: 100px; background-color: expression(alert(1)); padding: 4px 8px">s</div>',
      ),
    ).toBe('<div style="color:red;width:100px;padding:4px 8px">s</div>');
  });

  it('drops a table background image (it would load past the image block)', () => {
    expect(clean('<table background="https://t.example/b.png" width="100%"><tr><td>c</td></tr></table>')).toBe(
      '<table width="100%"><tr><td>c</td></tr></table>',
    );
  });

  it('keeps remote images aside in data-blocked-src and says so', () => {
    expect(sanitizeEmailHtml('<img src="https://t.example/p.gif" alt="logo" width="10">')).toEqual({
      html: '<img alt="logo" width="10" data-blocked-src="https://t.example/p.gif" />',
      hasRemoteImages: true,
    });
    expect(sanitizeEmailHtml('<p>no images</p>').hasRemoteImages).toBe(false);
  });

  it('drops embedded, data:, script and sender-made blocked images', () => {
    expect(
      sanitizeEmailHtml(
        '<img src="cid:logo@x"><img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)">' +
          '<img data-blocked-src="javascript:alert(1)"><img src="cid:x" data-blocked-src="https://t.example/p.gif">' +
          '<img srcset="https://t.example/a.png 1x">',
      ),
    ).toEqual({ html: '', hasRemoteImages: false });
  });

  it('is not fooled by nested or broken markup', () => {
    const html = clean(
      '<scr<script>ipt>alert(1)</scr</script>ipt><<script>script>alert(1)<</script>/script>' +
        '<p title="&quot;><script>alert(1)</script>">t</p><!--<script>alert(1)</script>-->' +
        '<!--[if gte mso 9]><script>alert(1)</script><![endif]--><div><p>open',
    );
    expect(html).not.toMatch(/<script|<\/script/i);
    expect(html).toContain('<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">t</p>');
    expect(html).toContain('<div><p>open</p></div>');
  });
});
