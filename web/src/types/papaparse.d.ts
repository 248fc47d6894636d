// The part of papaparse's API the browser code uses: parsing a chosen file. papaparse's own types
// (@types/papaparse) reference Node's types for its stream API, which would give all of web/ Node's globals;
// web/tsconfig.json maps the module's name to this file instead. The server uses the package's own types.

export interface ParseError {
  type: 'Quotes' | 'Delimiter' | 'FieldMismatch';
  code: 'MissingQuotes' | 'UndetectableDelimiter' | 'TooFewFields' | 'TooManyFields' | 'InvalidQuotes';
  message: string;
  row?: number | undefined;
  index?: number | undefined;
}

export interface ParseMeta {
  delimiter: string;
  linebreak: string;
  aborted: boolean;
  fields?: string[] | undefined;
  truncated: boolean;
  cursor: number;
}

export interface ParseResult<T> {
  data: T[];
  errors: ParseError[];
  meta: ParseMeta;
}

/** The options of parsing a local file that the browser code passes. */
export interface ParseLocalConfig<T> {
  preview?: number | undefined;
  skipEmptyLines?: boolean | 'greedy' | undefined;
  complete(results: ParseResult<T>, file: File): void;
  error?(error: Error, file: File): void;
}

declare const Papa: {
  /** Parses a local file in chunks, then calls `complete` (or `error`). */
  parse<T>(file: File, config: ParseLocalConfig<T>): void;
};
export default Papa;
