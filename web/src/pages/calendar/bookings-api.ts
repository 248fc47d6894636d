import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { bookingMessages, type Booking } from '@common/booking';
import { bookingApi } from '@common/booking-api';
import { call } from '../../lib/api';
import { pageQuery } from '../../lib/paging';
import { bookingKeys } from '../booking/keys';
import { calendarKeys } from './keys';

const UPCOMING_PAGE_SIZE = 10;

/** The owner's Scheduled bookings that have not ended, soonest first, a page at a time. */
export const upcomingBookingsQuery = () =>
  infiniteQueryOptions({
    queryKey: bookingKeys.upcoming(),
    queryFn: ({ pageParam }) => call(bookingApi.upcoming, { query: pageQuery(UPCOMING_PAGE_SIZE, pageParam) }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const bookingQuery = (id: string) =>
  queryOptions({
    queryKey: bookingKeys.one(id),
    queryFn: () => call(bookingApi.one, { params: { id } }),
  });

/** Cancels a booking: its time is free again, and the calendar and the upcoming list show it gone. */
export function useCancelBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(bookingApi.cancel, { params: { id } }),
    onSuccess: (cancelled: Booking) => {
      qc.setQueryData(bookingQuery(cancelled.id).queryKey, cancelled);
      toast.success(bookingMessages.cancelled);
    },
    onError: () => toast.error(bookingMessages.cancelFailed),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: calendarKeys.all }),
        qc.invalidateQueries({ queryKey: bookingKeys.upcoming() }),
      ]),
  });
}
