import { parse, type ChildNode, type Container, type Root } from 'postcss';

/* A form's custom CSS (issue "Lead-capture forms": "Custom CSS applies to the form alone"). The owner's CSS is
   parsed, every selector is scoped under the form's root, anything that could load from elsewhere or run is
   dropped, and the text is made inert inside a <style> element. The public form's API answers with it and the
   builder's Preview runs it in the browser, so this file needs nothing of Node's (postcss only). */

export const FORM_ROOT_SELECTOR = '[data-pipewise-form]';

/**
 * The version of the rules below. A form's scoped CSS is stored when the form is saved, with this version; raise
 * it with any change of the rules, and the server scopes every stored form's CSS again at its next start.
 */
export const FORM_CSS_VERSION = 1;

/** At-rules kept (their content is cleaned the same way); every other one (@import, @font-face, ...) is dropped. */
const keptAtRules = new Set(['media', 'supports']);

/** Values that fetch something, run something, or bind behaviour, once escapes, comments and spaces are gone. */
const dangerousValue = /url\(|image-set\(|image\(|src\(|expression\(|-moz-binding|javascript:/;
const dangerousProperty = /^(?:behavior|-moz-binding)$/;
/**
 * The `position` values kept: `fixed` would place the form's content over the rest of the page (the line under the
 * form that warns against sending passwords), and `var()` could stand for it.
 */
const keptPosition = /^(?:static|relative|absolute|sticky|inherit|initial|unset|revert|revert-layer)$/;

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
 * What follows the root's own compound selector in a scoped selector (`[root]:hover + p` → `+ p`), found outside
 * brackets, parentheses and strings; '' when the selector is the root itself.
 */
function afterRootCompound(scoped: string, root: string): string {
  let depth = 0;
  let quote = '';
  for (let at = root.length; at < scoped.length; at++) {
    const char = scoped[at]!;
    if (quote) {
      if (char === '\\') at++;
      else if (char === quote) quote = '';
    } else if (char === '\\') at++;
    else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0 && /[\s>+~]/.test(char)) return scoped.slice(at).trim();
  }
  return '';
}

/** `+` and `~` after the root reach its siblings: outside the form. */
const reachesSiblings = (scoped: string, root: string) => /^[+~]/.test(afterRootCompound(scoped, root));
/** A rule for the root element itself: a rule nested in it could reach its siblings (`& ~ p`). */
const isRootItself = (scoped: string, root: string) => scoped.startsWith(root) && !afterRootCompound(scoped, root);

const isKeptDeclaration = (prop: string, value: string, raw: string | undefined) =>
  !dangerousProperty.test(normalise(prop)) &&
  !isDangerous(value, raw) &&
  (normalise(prop) !== 'position' || keptPosition.test(normalise(value)));

/**
 * Cleans a container's children in place. `isNested`: inside a rule, where a nested rule's selector is relative
 * to its (already scoped) parent and a declaration belongs. `inRoot`: inside a rule for the root element itself,
 * where no rule may nest.
 */
function clean(container: Container<ChildNode>, root: string, isNested: boolean, inRoot = false): void {
  for (const node of [...(container.nodes ?? [])]) {
    switch (node.type) {
      case 'comment':
        node.remove();
        break;
      case 'atrule':
        if (!keptAtRules.has(node.name.toLowerCase()) || isDangerous(node.params, node.raws.params?.raw)) {
          node.remove();
        } else {
          clean(node, root, isNested, inRoot);
          if (!node.nodes?.length) node.remove();
        }
        break;
      case 'rule': {
        if (inRoot) {
          node.remove();
          break;
        }
        if (!isNested) {
          const scoped = node.selectors.map((selector) => scopeSelector(selector, root));
          const kept = scoped.filter((selector) => !reachesSiblings(selector, root));
          if (!kept.length) {
            node.remove();
            break;
          }
          node.selectors = kept;
        }
        clean(node, root, true, !isNested && node.selectors.some((selector) => isRootItself(selector, root)));
        break;
      }
      case 'decl':
        if (!isNested || !isKeptDeclaration(node.prop, node.value, node.raws.value?.raw)) node.remove();
        break;
      default:
        (node as ChildNode).remove();
    }
  }
}

/**
 * The owner's CSS made safe for the public form: every selector under `root` (one reaching the root's siblings
 * dropped, and rules nested in a rule for the root itself), @media and @supports kept, every other at-rule, every
 * declaration that could load or run something and `position: fixed` dropped, and every `<` written
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
