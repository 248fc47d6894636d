import { useEffect } from 'react';

/** Names the browser tab after the screen, so tabs and screen-reader users can tell pages apart. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · Pipewise` : 'Pipewise';
  }, [title]);
}
