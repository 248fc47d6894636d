import { Fragment } from 'react';
import { highlightParts } from '@common/search';

/** `text` with each occurrence of the typed text in a <mark>. */
export function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-amber-200 text-inherit dark:bg-amber-400/30">
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
