import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

interface PaginationProps {
  offset: number;
  pageSize: number;
  total: number;
  onOffsetChange: (offset: number) => void;
}

/** Previous/Next under a list; hidden when everything fits on one page. */
export function Pagination({ offset, pageSize, total, onOffsetChange }: PaginationProps) {
  if (total <= pageSize) return null;
  const first = offset + 1;
  const last = Math.min(offset + pageSize, total);
  return (
    <nav
      aria-label="Pagination"
      className="flex items-center justify-between gap-4 border-t border-slate-200 px-4 py-3 dark:border-slate-800"
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {first}–{last} of {total}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={offset === 0}
          onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={last >= total}
          onClick={() => onOffsetChange(offset + pageSize)}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
