import { ChevronLeft, ChevronRight, ChevronsLeft } from 'lucide-react';
import type { Count } from '@common/http';
import { formatCount } from '../lib/format';
import { Button } from './button';

interface PaginationProps {
  /** Zero-based index of the page shown. */
  pageIndex: number;
  pageSize: number;
  /** Rows on the page shown. */
  shown: number;
  /** The list's total when known (it is counted once per view, up to a cap). */
  total?: Count;
  hasNext: boolean;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
}

/** First/Previous/Next under a cursor-paged list; hidden when everything fits on one page. */
export function Pagination({
  pageIndex,
  pageSize,
  shown,
  total,
  hasNext,
  onFirst,
  onPrevious,
  onNext,
}: PaginationProps) {
  if (pageIndex === 0 && !hasNext) return null;
  const first = pageIndex * pageSize + 1;
  const last = pageIndex * pageSize + shown;
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800"
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {first}–{last}
        {total ? ` of ${formatCount(total)}` : ''}
      </p>
      <div className="flex gap-2">
        {pageIndex > 1 && (
          <Button variant="secondary" size="sm" onClick={onFirst}>
            <ChevronsLeft aria-hidden="true" className="size-4" />
            First
          </Button>
        )}
        <Button variant="secondary" size="sm" disabled={pageIndex === 0} onClick={onPrevious}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={!hasNext} onClick={onNext}>
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
