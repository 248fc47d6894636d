// common/ runs in the browser and on the server, so it is checked with neither the DOM's types nor Node's.
// These are the globals it uses, which both have, declared as far as common/ uses them.

/** The WHATWG URL parser (the browser's and Node's global `URL`). */
declare class URL {
  constructor(url: string, base?: string | URL);
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly host: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

/** The WHATWG query string (the browser's and Node's global `URLSearchParams`). */
declare class URLSearchParams {
  constructor();
  append(name: string, value: string): void;
  set(name: string, value: string): void;
  toString(): string;
}
