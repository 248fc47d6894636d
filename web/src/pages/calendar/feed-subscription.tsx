import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { calendarMessages } from '@common/calendar';
import { Button } from '../../components/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/card';
import { ConfirmModal } from '../../components/confirm-modal';
import { CopyField } from '../../components/copy-field';
import { useRegenerateFeed } from './api';

/** The private iCalendar URL (decisions.md item 12): works in any calendar program, no outside service. */
export function FeedSubscription({ feedPath }: { feedPath: string }) {
  const url = `${window.location.origin}${feedPath}`;
  const [confirming, setConfirming] = useState(false);
  const regenerate = useRegenerateFeed();

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
        <CopyField label="Subscription URL" value={url} copiedMessage={calendarMessages.feedCopied} />
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
