import { format, isSameDay } from 'date-fns';
import { calendarBusyText } from '@common/calendar';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import type { BusyItem } from './busy';
import { formatDateTime, formatTime } from './dates';
import { DetailsRow } from './details-row';

/** The dates of an all-day block ("Jun 2, 2031 – Jun 3, 2031 (All day)"), else its start and end. */
function fullWhen(block: BusyItem): string {
  const start = new Date(block.start);
  const end = new Date(block.end);
  if (!block.allDay) {
    return `${formatDateTime(start)} – ${isSameDay(start, end) ? formatTime(end) : formatDateTime(end)}`;
  }
  const last = new Date(end.getTime() - 1);
  const day = (date: Date) => format(date, 'MMM d, yyyy');
  const days = day(start) === day(last) ? day(start) : `${day(start)} – ${day(last)}`;
  return `${days} (${calendarBusyText.allDay})`;
}

/** An external busy time, clicked: its time, and its title when the user shows titles. */
export function BusyDetailsModal({ block, onClose }: { block: BusyItem | null; onClose: () => void }) {
  return (
    <Modal
      open={block !== null}
      onOpenChange={(open) => !open && onClose()}
      title={calendarBusyText.details}
      size="sm"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {block && (
        <div className="space-y-3">
          <dl className="space-y-3">
            {block.title && <DetailsRow label={calendarBusyText.title}>{block.title}</DetailsRow>}
            <DetailsRow label={calendarBusyText.when}>{fullWhen(block)}</DetailsRow>
          </dl>
          <p className="text-sm text-slate-600 dark:text-slate-400">{calendarBusyText.source}</p>
        </div>
      )}
    </Modal>
  );
}
