import { Link } from 'react-router';
import { activityTypeLabels, type ActivityType } from '@common/activities';
import type { CalendarEvent } from '@common/calendar';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { formatDateTime } from './dates';
import { DetailsRow } from './details-row';
import { kindDotClasses } from './event-button';

type ActivityEvent = Extract<CalendarEvent, { kind: 'activity' }>;

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
          <DetailsRow label="Type">
            <span className="inline-flex items-center gap-2">
              <span aria-hidden="true" className={`size-2 rounded-full ${kindDotClasses.activity}`} />
              {typeLabel(event.activityType)}
            </span>
          </DetailsRow>
          <DetailsRow label="Description">{event.title}</DetailsRow>
          <DetailsRow label="Due">{formatDateTime(new Date(event.start))}</DetailsRow>
          <DetailsRow label="Priority">
            <Badge className="capitalize">{event.priority}</Badge>
          </DetailsRow>
          <DetailsRow label="Status">
            <Badge variant={event.status === 'completed' ? 'success' : 'primary'} className="capitalize">
              {event.status}
            </Badge>
          </DetailsRow>
          <DetailsRow label="Deal">
            <Link
              to={`/app/deals?deal=${encodeURIComponent(event.dealId)}`}
              className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            >
              {event.dealName}
            </Link>
          </DetailsRow>
        </dl>
      )}
    </Modal>
  );
}
