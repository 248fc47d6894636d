import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Copy, RefreshCw } from 'lucide-react';
import { calendarMessages } from '@common/calendar';
import { Button } from '../../components/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';
import { ConfirmModal } from '../../components/confirm-modal';
import { Field } from '../../components/field';
import { useRegenerateFeed } from './api';

/** The private iCalendar URL (decisions.md item 12): works in any calendar program, no outside service. */
export function FeedSubscription({ feedPath }: { feedPath: string }) {
  const url = `${window.location.origin}${feedPath}`;
  const input = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const regenerate = useRegenerateFeed();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(calendarMessages.feedCopied);
    } catch {
      // No clipboard (an insecure origin, a refused permission): select the URL for a manual copy.
      input.current?.focus();
      input.current?.select();
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendar subscription (iCal)</CardTitle>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Any calendar program (Google Calendar, Apple Calendar, Outlook) can subscribe to this private URL to show your
          tasks, activities and appointments. Keep it secret: anyone with the URL can read them.
        </p>
      </CardHeader>
      <CardBody className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <Field
            ref={input}
            label="Subscription URL"
            className="min-w-0 flex-1"
            readOnly
            value={url}
            onFocus={(event) => event.target.select()}
          />
          <Button variant="secondary" onClick={copy}>
            <Copy aria-hidden="true" className="size-4" />
            Copy
          </Button>
        </div>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Regenerate URL
        </Button>
      </CardBody>
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title="Regenerate URL"
        message="Regenerate the subscription URL?"
        detail="The old URL stops working at once: every calendar subscribed to it must subscribe to the new one."
        confirmLabel="Regenerate URL"
        pending={regenerate.isPending}
        onConfirm={() => regenerate.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </Card>
  );
}
