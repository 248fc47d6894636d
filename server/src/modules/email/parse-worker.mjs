// The worker thread of parse-pool.ts: parses and sanitises one large message away from the event loop. Plain
// JavaScript, so the pool can load it under any runner (npm start, tsx watch, Vitest); it loads the TypeScript
// parser through tsx itself, with the project's tsconfig (its `@common` paths).
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const tsconfig = fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url));
const { parseEmail } = await tsImport('./parse.ts', { parentURL: import.meta.url, tsconfig });

/** A message's bytes (a Buffer arrives as a Uint8Array) → the ParsedEmail that parse.ts makes. */
export default function parse(raw) {
  return parseEmail(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
}
