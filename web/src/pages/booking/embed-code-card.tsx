import { schedulingMessages } from '@common/scheduling';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';
import { CopyCodeButton, SnippetCode, useCopySnippet } from '../../components/embed-snippet';

/** The snippet to paste on a website: a container with the user id and the widget script (part 1 §2). */
export function EmbedCodeCard({ embedCode }: { embedCode: string }) {
  const { ref, copy } = useCopySnippet(embedCode, schedulingMessages.embedCopied);
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <CardTitle>Embed Code</CardTitle>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Paste this snippet into your website to show your booking widget.
          </p>
        </div>
        <CopyCodeButton onCopy={() => void copy()} />
      </CardHeader>
      <CardBody>
        <SnippetCode code={embedCode} codeRef={ref} />
      </CardBody>
    </Card>
  );
}
