import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { activityTypeLabels, type ActivityType } from '@common/activities';
import type { CalendarEvent } from '@common/calendar';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { formatDateTime } from './dates';
import { kindDotClasses } from './event-button';

type ActivityEvent = Extract<CalendarEvent, { kind: 'activity' }>;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-sm break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

const typeLabel = (type: string) => activityTypeLabels[type as ActivityType] ?? type;

/**
 * What a calendar shows of an activity when it is clicked; tasks open their own editor, appointments
 * BookingDetailsModal.
 */
export function EventDetailsModal({ event, onClose }: { event: ActivityEvent | null; onClose: () => void }) {
  return (
    <Modal
      open={event !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Activity"
      size="sm"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {event?.kind === 'activity' && (
        <dl className="space-y-3">
          <Row label="Type">
            <span className="inline-flex items-center gap-2">
              <span aria-hidden="true" className={`size-2 rounded-full ${kindDotClasses.activity}`} />
              {typeLabel(event.activityType)}
            </span>
          </Row>
          <Row label="Description">{event.title}</Row>
          <Row label="Due">{formatDateTime(new Date(event.start))}</Row>
          <Row label="Priority">
            <Badge className="capitalize">{event.priority}</Badge>
          </Row>
          <Row label="Status">
            <Badge variant={event.status === 'completed' ? 'success' : 'primary'} className="capitalize">
              {event.status}
            </Badge>
          </Row>
          <Row label="Deal">
            <Link
              to={`/app/deals?deal=${encodeURIComponent(event.dealId)}`}
              className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            >
              {event.dealName}
            </Link>
          </Row>
        </dl>
      )}
    </Modal>
  );
}
