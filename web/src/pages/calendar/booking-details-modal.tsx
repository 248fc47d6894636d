import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { bookingMessages } from '@common/booking';
import { calendarMessages } from '@common/calendar';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { bookingQuery, useCancelBooking } from './bookings-api';
import { formatDateTime, formatTime } from './dates';
import { DetailsRow } from './details-row';
import { kindDotClasses } from './event-button';

/** "Nov 23, 2026 10:00 AM – 10:30 AM", or both dates when the booking ends on another day. */
export function formatSpan(startIso: string, endIso: string) {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const sameDay = start.toDateString() === end.toDateString();
  return `${formatDateTime(start)} – ${sameDay ? formatTime(end) : formatDateTime(end)}`;
}

/**
 * An appointment as the owner sees it (`bookingApi.one`), from the calendar or the upcoming list, with
 * 'Cancel booking' after a confirmation.
 */
export function BookingDetailsModal({ bookingId, onClose }: { bookingId: string | null; onClose: () => void }) {
  const { data: booking, isError, refetch } = useQuery({ ...bookingQuery(bookingId ?? ''), enabled: !!bookingId });
  const cancel = useCancelBooking();
  const [confirming, setConfirming] = useState(false);
  const canCancel = booking?.status === 'Scheduled';

  const confirmCancel = () => {
    if (!booking) return;
    cancel.mutate(booking.id, {
      onSuccess: () => {
        setConfirming(false);
        onClose();
      },
    });
  };

  let content;
  if (booking) {
    content = (
      <dl className="space-y-3">
        <DetailsRow label="Booked by">
          <span className="inline-flex items-center gap-2">
            <span aria-hidden="true" className={`size-2 rounded-full ${kindDotClasses.booking}`} />
            {booking.bookerName}
          </span>
        </DetailsRow>
        <DetailsRow label="Email">
          <a
            href={`mailto:${booking.bookerEmail}`}
            className="text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          >
            {booking.bookerEmail}
          </a>
        </DetailsRow>
        <DetailsRow label="When">{formatSpan(booking.start, booking.end)}</DetailsRow>
        <DetailsRow label="Notes">{booking.notes?.trim() ? booking.notes : '-'}</DetailsRow>
        <DetailsRow label="Status">
          <Badge variant={booking.status === 'Cancelled' ? 'danger' : 'success'}>{booking.status}</Badge>
        </DetailsRow>
      </dl>
    );
  } else if (isError) {
    content = (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <p className="text-sm text-slate-600 dark:text-slate-400">{calendarMessages.loadFailed}</p>
        <Button variant="secondary" size="sm" onClick={() => refetch()}>
          Retry
        </Button>
      </div>
    );
  } else {
    content = (
      <div className="flex justify-center py-8">
        <Spinner label="Loading booking" className="size-5 text-indigo-500" />
      </div>
    );
  }

  return (
    <>
      <Modal
        open={bookingId !== null}
        onOpenChange={(open) => !open && onClose()}
        title="Appointment"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            {canCancel && (
              <Button variant="danger" onClick={() => setConfirming(true)}>
                Cancel booking
              </Button>
            )}
          </>
        }
      >
        {content}
      </Modal>
      <Modal
        open={confirming}
        onOpenChange={(open) => !cancel.isPending && setConfirming(open)}
        title="Cancel booking"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
              Keep booking
            </Button>
            <Button variant="danger" onClick={confirmCancel} loading={cancel.isPending}>
              Cancel booking
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">{bookingMessages.cancelConfirm}</p>
      </Modal>
    </>
  );
}
