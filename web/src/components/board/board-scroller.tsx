import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn';

interface BoardScrollerProps {
  /** The board's name, e.g. "Deal board": the keyboard stops on the board itself, to scroll it with the arrows. */
  label: string;
  children: ReactNode;
}

// The edge's fade into the page's background; more columns lie under it.
const fade = 'pointer-events-none absolute top-0 bottom-4 w-16 from-slate-50 to-transparent dark:from-slate-950';
// For the pointer: the keyboard scrolls the focused board with its arrows, so these take no focus.
const edgeButton =
  'pointer-events-auto absolute top-1.5 inline-flex size-8 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-md hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700';

/**
 * A board's columns side by side, scrolling sideways when they do not fit (the deal, project and task boards). An
 * edge with more columns beyond it fades out and shows an arrow that scrolls by a column, so a cut column reads as
 * "more this way"; the board takes the keyboard's focus, so the arrow keys scroll it. Positioned, so the
 * screen-reader-only text of off-screen columns (absolutely positioned) scrolls inside the board instead of
 * widening a phone's page.
 */
export function BoardScroller({ label, children }: BoardScrollerProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const update = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setMore((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    // The board's own size, and its columns' (a column added or removed, a pipeline switched), move the edges.
    const resized = new ResizeObserver(update);
    const observeColumns = () => {
      resized.disconnect();
      resized.observe(element);
      for (const column of element.children) resized.observe(column);
      update();
    };
    const columns = new MutationObserver(observeColumns);
    observeColumns();
    columns.observe(element, { childList: true });
    element.addEventListener('scroll', update, { passive: true });
    return () => {
      element.removeEventListener('scroll', update);
      columns.disconnect();
      resized.disconnect();
    };
  }, []);

  const scrollByColumn = (direction: 1 | -1) => {
    const element = scroller.current;
    const column = element?.firstElementChild;
    if (!element || !column) return;
    const step = column.getBoundingClientRect().width + parseFloat(getComputedStyle(element).columnGap || '0');
    element.scrollBy({ left: direction * step, behavior: 'smooth' });
  };

  return (
    <div className="relative -mx-4 sm:mx-0">
      <div
        ref={scroller}
        role="group"
        aria-label={label}
        tabIndex={0}
        className="relative flex gap-4 overflow-x-auto px-4 pb-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 sm:px-0"
      >
        {children}
      </div>
      {(['left', 'right'] as const).map((side) => (
        <div
          key={side}
          aria-hidden="true"
          data-more={side}
          className={cn(
            fade,
            side === 'left' ? 'left-0 bg-gradient-to-r' : 'right-0 bg-gradient-to-l',
            !more[side] && 'invisible',
          )}
        >
          <button
            type="button"
            tabIndex={-1}
            className={cn(edgeButton, side === 'left' ? 'left-1' : 'right-1')}
            onClick={() => scrollByColumn(side === 'left' ? -1 : 1)}
          >
            {side === 'left' ? (
              <ChevronLeft aria-hidden="true" className="size-4" />
            ) : (
              <ChevronRight aria-hidden="true" className="size-4" />
            )}
          </button>
        </div>
      ))}
    </div>
  );
}
