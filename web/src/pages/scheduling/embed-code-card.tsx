import { useRef } from 'react';
import toast from 'react-hot-toast';
import { Copy } from 'lucide-react';
import { schedulingMessages } from '@common/scheduling';
import { Button } from '../../components/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';

/** The snippet to paste on a website: a container with the user id and the widget script (part 1 §2). */
export function EmbedCodeCard({ embedCode }: { embedCode: string }) {
  const code = useRef<HTMLElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(embedCode);
      toast.success(schedulingMessages.embedCopied);
    } catch {
      // No clipboard (an insecure origin, a refused permission): select the snippet for a manual copy.
      const selection = window.getSelection();
      if (code.current && selection) {
        selection.selectAllChildren(code.current);
      }
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <CardTitle>Embed Code</CardTitle>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Paste this snippet into your website to show your booking widget.
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={copy}>
          <Copy aria-hidden="true" className="size-4" />
          Copy Code
        </Button>
      </CardHeader>
      <CardBody>
        {/* Wrapped, so the whole snippet shows on a phone too. */}
        <pre
          role="region"
          aria-label="Embed code"
          className="rounded-lg bg-slate-950 p-4 text-xs leading-relaxed break-all whitespace-pre-wrap text-slate-100"
        >
          <code ref={code}>{embedCode}</code>
        </pre>
      </CardBody>
    </Card>
  );
}
