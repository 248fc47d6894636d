import { useRef, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Copy } from 'lucide-react';
import { Button } from './button';
import { Field } from './field';

interface CopyFieldProps {
  label: string;
  value: string;
  /** The toast once copied. */
  copiedMessage: string;
  /** The copy button's accessible name, when "Copy" alone would not say what it copies. */
  copyLabel?: string;
  /** Beside the copy button, e.g. a link that opens the address. */
  extra?: ReactNode;
}

/** A read-only address with a Copy button; without a clipboard the address is selected for a manual copy. */
export function CopyField({ label, value, copiedMessage, copyLabel, extra }: CopyFieldProps) {
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copiedMessage);
    } catch {
      // No clipboard (an insecure origin, a refused permission): select the address for a manual copy.
      input.current?.focus();
      input.current?.select();
    }
  };

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <Field
        ref={input}
        label={label}
        className="min-w-0 flex-1"
        readOnly
        value={value}
        onFocus={(event) => event.target.select()}
      />
      <div className="flex gap-2">
        <Button variant="secondary" aria-label={copyLabel} onClick={copy}>
          <Copy aria-hidden="true" className="size-4" />
          Copy
        </Button>
        {extra}
      </div>
    </div>
  );
}
