import { useEffect, type RefObject } from 'react';

/** The message the widgets (web/public/scheduling-widget.js, form-widget.js) size their iframe by. */
export const HEIGHT_MESSAGE = 'pipewise:height';

/**
 * The embedding page's origin, which the widget passes in the iframe's URL (`?embed=<origin>`); null when the page
 * is not embedded by a widget, or the value is not a plain http(s) origin.
 */
export function embedderOrigin(search: string = window.location.search): string | null {
  const value = new URLSearchParams(search).get('embed');
  if (!value) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/**
 * Inside a widget's iframe, tells the embedding page how tall the content is, each time it changes. The content's
 * own height is measured, not the window's, so a taller frame never makes a taller page (no growing loop). The
 * message goes to the origin the widget named only (never `*`): if another page frames us, it is not delivered;
 * without a named origin nothing is sent. The widget checks the message's origin and source in turn.
 */
export function useReportHeight(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    const target = embedderOrigin();
    if (!element || !target || window.parent === window || typeof ResizeObserver === 'undefined') return;
    let reported = 0;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === reported) return;
      reported = height;
      window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, target);
    };
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, [ref]);
}
