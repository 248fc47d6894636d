import sanitizeHtml, { type IOptions } from 'sanitize-html';

export interface SanitizedEmailHtml {
  html: string;
  /** Images that would load from the sender's server (tracking); shown only when the user allows them. */
  hasRemoteImages: boolean;
}

/** The attribute that keeps a remote image's address until the user allows remote images for the message. */
export const BLOCKED_IMAGE_SOURCE = 'data-blocked-src';

const remote = /^https?:\/\//i;
const length = /^(0|\d{1,4}(\.\d+)?(px|em|rem|%|pt)?)$/i;
const lengths = /^(0|auto|-?\d{1,4}(\.\d+)?(px|em|rem|%|pt)?)( (0|auto|-?\d{1,4}(\.\d+)?(px|em|rem|%|pt)?)){0,3}$/i;
const colour = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\([\d\s.,%]+\))$/i;
const word = /^[a-z-]{1,30}$/i;
const fontFamily = /^[\w\s"',-]{1,200}$/;
const border = /^[\w\s#.(),%-]{1,100}$/;

/**
 * Inline styles carry the layout of most mail (newsletters are tables styled inline), so a short list of
 * properties stays, each value checked. Dropped: anything with url() (it would load remote content past the
 * image block), position, z-index and the like (a message drawing over the app's own controls), expressions.
 */
const styleProperties: Record<string, RegExp[]> = {
  color: [colour],
  'background-color': [colour],
  'font-family': [fontFamily],
  'font-size': [length, word],
  'font-weight': [/^(normal|bold|bolder|lighter|\d00)$/i],
  'font-style': [word],
  'line-height': [length, /^normal$/i],
  'text-align': [/^(left|right|center|justify|start|end)$/i],
  'text-decoration': [/^[a-z\s-]{1,40}$/i],
  'text-transform': [word],
  'vertical-align': [word, length],
  'white-space': [word],
  'letter-spacing': [length, /^normal$/i],
  width: [length, /^auto$/i],
  height: [length, /^auto$/i],
  'max-width': [length],
  'min-width': [length],
  margin: [lengths],
  'margin-top': [lengths],
  'margin-bottom': [lengths],
  'margin-left': [lengths],
  'margin-right': [lengths],
  padding: [lengths],
  'padding-top': [lengths],
  'padding-bottom': [lengths],
  'padding-left': [lengths],
  'padding-right': [lengths],
  border: [border],
  'border-top': [border],
  'border-bottom': [border],
  'border-left': [border],
  'border-right': [border],
  'border-collapse': [word],
  'border-radius': [lengths],
  display: [/^(block|inline|inline-block|table|table-row|table-cell|none)$/i],
};

const tableAttributes = ['align', 'valign', 'width', 'height', 'bgcolor', 'border', 'cellpadding', 'cellspacing'];

function options(found: { remoteImages: boolean }): IOptions {
  return {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center', 'del', 'ins', 'big'],
    // Contents dropped with the tag: never shown as text either.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'svg', 'math', 'template'],
    allowedAttributes: {
      '*': ['style', 'dir', 'lang', 'title', 'align'],
      a: ['href', 'name', 'rel', 'target'],
      img: ['alt', 'width', 'height', BLOCKED_IMAGE_SOURCE],
      font: ['color', 'face', 'size'],
      table: tableAttributes,
      td: [...tableAttributes, 'colspan', 'rowspan', 'nowrap'],
      th: [...tableAttributes, 'colspan', 'rowspan', 'nowrap'],
      tr: tableAttributes,
      col: ['span', 'width'],
      colgroup: ['span', 'width'],
      ol: ['start', 'type'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: {},
    allowProtocolRelative: false,
    allowedStyles: { '*': styleProperties },
    transformTags: {
      a: (tagName, { rel: _rel, target: _target, ...attribs }) => ({
        tagName,
        attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' },
      }),
      img: (tagName, attribs) => {
        // Built afresh: an address never comes from a data-blocked-src the sender wrote themselves.
        const { alt, width, height, style, title } = attribs;
        const kept: Record<string, string> = Object.fromEntries(
          Object.entries({ alt, width, height, style, title }).filter(
            (entry): entry is [string, string] => entry[1] !== undefined,
          ),
        );
        const source = (attribs.src ?? '').trim();
        if (remote.test(source)) {
          found.remoteImages = true;
          kept[BLOCKED_IMAGE_SOURCE] = source;
        }
        return { tagName, attribs: kept };
      },
    },
    // An image without an allowed remote address (cid:, data:, javascript:, none) is dropped.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs[BLOCKED_IMAGE_SOURCE],
  };
}

/**
 * A message's HTML made safe to show in the app: an allow-list of tags, attributes and styles (no script, event
 * handlers, forms, frames, objects, SVG, meta/base/link), links only http(s)/mailto/tel and opened outside the app,
 * remote images kept aside in `data-blocked-src`, embedded (cid:) and data: images dropped.
 */
export function sanitizeEmailHtml(html: string): SanitizedEmailHtml {
  const found = { remoteImages: false };
  const clean = sanitizeHtml(html, options(found));
  return { html: clean, hasRemoteImages: found.remoteImages };
}
