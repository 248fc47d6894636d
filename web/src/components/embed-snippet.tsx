import { useRef, type RefObject } from 'react';
import toast from 'react-hot-toast';
import { Copy } from 'lucide-react';
import { Button } from './button';

/**
 * Copies a snippet and confirms it with a toast; without a clipboard (an insecure origin, a refused permission)
 * the snippet shown in `SnippetCode` is selected for a manual copy.
 */
export function useCopySnippet(code: string, copiedMessage: string) {
  const ref = useRef<HTMLElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(copiedMessage);
    } catch {
      const selection = window.getSelection();
      if (ref.current && selection) selection.selectAllChildren(ref.current);
    }
  };
  return { ref, copy };
}

/** The snippet itself, wrapped, so the whole of it shows on a phone too. */
export function SnippetCode({ code, codeRef }: { code: string; codeRef: RefObject<HTMLElement | null> }) {
  return (
    <pre
      role="region"
      aria-label="Embed code"
      className="rounded-lg bg-slate-950 p-4 text-xs leading-relaxed break-all whitespace-pre-wrap text-slate-100"
    >
      <code ref={codeRef}>{code}</code>
    </pre>
  );
}

/** 'Copy Code', the words of every embed code. */
export function CopyCodeButton({ onCopy, size = 'sm' }: { onCopy: () => void; size?: 'sm' | 'md' }) {
  return (
    <Button variant="secondary" size={size} onClick={onCopy}>
      <Copy aria-hidden="true" className="size-4" />
      Copy Code
    </Button>
  );
}
