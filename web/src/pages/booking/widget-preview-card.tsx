import { useEffect, useId, useRef, useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { Button } from '../../components/button';
import { Card, CardBody, CardTitle } from '../../components/card';
import { useAuthStore } from '../../lib/auth-store';

/**
 * The embed snippet itself, run here: the container carrying the user id and the widget script, which puts the
 * booking page (/book/{userId}) in an iframe sized to its content, exactly as a visitor's website shows it.
 */
function WidgetPreview({ userId }: { userId: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const container = document.createElement('div');
    container.className = 'pipewise-scheduling';
    container.dataset.user = userId;
    const script = document.createElement('script');
    script.src = '/scheduling-widget.js';
    script.async = true;
    element.replaceChildren(container, script);
    return () => element.replaceChildren();
  }, [userId]);
  return <div ref={host} className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800" />;
}

/** The Show/Hide Preview toggle (part 1 §2) over the real scheduling widget (decisions.md items 14, 15). */
export function WidgetPreviewCard() {
  const [shown, setShown] = useState(false);
  const previewId = useId();
  const userId = useAuthStore((state) => state.user?.id);

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
        {shown && userId && <WidgetPreview userId={userId} />}
      </CardBody>
    </Card>
  );
}
