import { useId, useState } from 'react';
import { CalendarClock, Eye, EyeOff } from 'lucide-react';
import { Button } from '../../components/button';
import { Card, CardBody, CardTitle } from '../../components/card';

/** The Show/Hide Preview toggle (part 1 §2). The widget itself comes with client booking (decisions.md item 15). */
export function WidgetPreviewCard() {
  const [shown, setShown] = useState(false);
  const previewId = useId();

  return (
    <Card>
      {/* No header rule while the preview is hidden: it would sit on the card's own border. */}
      <div className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
        <CardTitle>Widget Preview</CardTitle>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={shown}
          aria-controls={previewId}
          onClick={() => setShown(!shown)}
        >
          {shown ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
          {shown ? 'Hide Preview' : 'Show Preview'}
        </Button>
      </div>
      <CardBody id={previewId} hidden={!shown} className="border-t border-slate-200 dark:border-slate-800">
        {shown && (
          <div className="flex min-h-48 flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-950">
            <CalendarClock aria-hidden="true" className="size-8 text-slate-400" />
            <p className="max-w-sm text-sm text-slate-600 dark:text-slate-400">
              Your booking page will show here once client booking is available: visitors will pick a free time and book
              it.
            </p>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
