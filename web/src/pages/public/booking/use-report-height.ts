import { useEffect, type RefObject } from 'react';

/** The message the scheduling widget (web/public/scheduling-widget.js) sizes its iframe by. */
export const HEIGHT_MESSAGE = 'pipewise:height';

/**
 * Inside an iframe, tells the embedding page how tall the content is, each time it changes. The content's own
 * height is measured, not the window's, so a taller frame never makes a taller page (no growing loop). Any
 * origin may read it (`'*'`): a height is not secret, and the widget checks the message's origin and source.
 */
export function useReportHeight(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element || window.parent === window || typeof ResizeObserver === 'undefined') return;
    let reported = 0;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === reported) return;
      reported = height;
      window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
    };
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, [ref]);
}
