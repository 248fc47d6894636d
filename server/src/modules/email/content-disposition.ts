/**
 * `attachment` with the file's name as RFC 6266 says: a plain ASCII `filename` for old clients (anything else,
 * quotes and backslashes become `_`), and the exact name in `filename*` as UTF-8, percent-encoded (RFC 5987).
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_').trim() || 'attachment';
  const encoded = encodeURIComponent(wellFormed(name)).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A lone surrogate, which encodeURIComponent refuses, becomes U+FFFD. */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
