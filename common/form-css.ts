import { parse, type ChildNode, type Container, type Root } from 'postcss';

/* A form's custom CSS (issue "Lead-capture forms": "Custom CSS applies to the form alone"). The owner's CSS is
   parsed, every selector is scoped under the form's root, anything that could load from elsewhere or run is
   dropped, and the text is made inert inside a <style> element. The public form's API answers with it and the
   builder's Preview runs it in the browser, so this file needs nothing of Node's (postcss only). */

export const FORM_ROOT_SELECTOR = '[data-pipewise-form]';

/** At-rules kept (their content is cleaned the same way); every other one (@import, @font-face, ...) is dropped. */
const keptAtRules = new Set(['media', 'supports']);

/** Values that fetch something, run something, or bind behaviour, once escapes, comments and spaces are gone. */
const dangerousValue = /url\(|image-set\(|image\(|src\(|expression\(|-moz-binding|javascript:/;
const dangerousProperty = /^(?:behavior|-moz-binding)$/;

/** `html`, `body` and `:root` at the start of a selector stand for the form's root itself. */
const documentRoot = /^(?:html|body|:root)(?![\w-])/i;

/** The text CSS sees behind its escapes (`u\72 l(` is `url(`), without comments or white space, lowercased. */
function normalise(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => {
      const code = parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    })
    .replace(/\\([\s\S])/g, '$1')
    .replace(/\s+/g, '')
    .toLowerCase();
}

const isDangerous = (...texts: Array<string | undefined>) =>
  texts.some((text) => text !== undefined && dangerousValue.test(normalise(text)));

/** One selector under the root: `body .x` → `[root] .x`, `:root` → `[root]`, `.x` → `[root] .x`. */
function scopeSelector(selector: string, root: string): string {
  let rest = selector.trim();
  if (!documentRoot.test(rest)) return `${root} ${rest}`;
  // `html body .x`: every leading document root is the form's root, once.
  while (documentRoot.test(rest)) {
    rest = rest.replace(documentRoot, '');
    const next = rest.replace(/^\s*>?\s*/, '');
    if (!documentRoot.test(next)) break;
    rest = next;
  }
  return `${root}${rest}`;
}

/**
 * Cleans a container's children in place. `isNested`: inside a rule, where a nested rule's selector is relative
 * to its (already scoped) parent and a declaration belongs.
 */
function clean(container: Container<ChildNode>, root: string, isNested: boolean): void {
  for (const node of [...(container.nodes ?? [])]) {
    switch (node.type) {
      case 'comment':
        node.remove();
        break;
      case 'atrule':
        if (!keptAtRules.has(node.name.toLowerCase()) || isDangerous(node.params, node.raws.params?.raw)) {
          node.remove();
        } else {
          clean(node, root, isNested);
          if (!node.nodes?.length) node.remove();
        }
        break;
      case 'rule':
        if (!isNested) node.selectors = node.selectors.map((selector) => scopeSelector(selector, root));
        clean(node, root, true);
        break;
      case 'decl':
        if (
          !isNested ||
          dangerousProperty.test(normalise(node.prop)) ||
          isDangerous(node.value, node.raws.value?.raw)
        ) {
          node.remove();
        }
        break;
      default:
        (node as ChildNode).remove();
    }
  }
}

/**
 * The owner's CSS made safe for the public form: every selector under `root`, @media and @supports kept,
 * every other at-rule and every declaration that could load or run something dropped, and every `<` written
 * as the CSS escape `\3c ` so that the text can never close its <style> element. Unparseable CSS → null.
 */
export function scopeCustomCss(css: string, root = FORM_ROOT_SELECTOR): string | null {
  let tree: Root;
  try {
    tree = parse(css);
  } catch {
    return null;
  }
  clean(tree, root, false);
  return tree.toString().replace(/</g, '\\3c ');
}
