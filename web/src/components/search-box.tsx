import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { cn } from '../lib/cn';
import { FieldFrame, inputClasses } from './field';

/** Typing waits this long before the address (and the request) follows. */
const SEARCH_DELAY_MS = 300;

export interface SearchBoxProps {
  /** The search in the address. */
  q: string;
  onSearch: (q: string) => void;
  /** The box's name, for its search landmark and its (hidden) label. */
  label: string;
  placeholder: string;
  maxLength: number;
  className?: string;
}

/** A list's search box: typed text reaches the address after a pause; Back or a link moves the box with it. */
export function SearchBox({ q, onSearch, label, placeholder, maxLength, className }: SearchBoxProps) {
  const [text, setText] = useState(q);
  const [seenQ, setSeenQ] = useState(q);
  if (q !== seenQ) {
    setSeenQ(q);
    if (text.trim() !== q) setText(q);
  }
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, onSearch]);

  return (
    <div role="search" aria-label={label} className={className}>
      <FieldFrame label={label} hideLabel>
        {(control) => (
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <input
              {...control}
              type="search"
              autoComplete="off"
              maxLength={maxLength}
              placeholder={placeholder}
              value={text}
              onChange={(event) => setText(event.target.value)}
              className={cn(inputClasses, 'pl-9')}
            />
          </div>
        )}
      </FieldFrame>
    </div>
  );
}
