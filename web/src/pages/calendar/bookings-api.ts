import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { bookingMessages, bookingPageSchema, bookingSchema, type Booking } from '@common/booking';
import { api } from '../../lib/api';
import { pageParams } from '../../lib/paging';

const UPCOMING_PAGE_SIZE = 10;

/** The owner's Scheduled bookings that have not ended, soonest first, a page at a time. */
export const upcomingBookingsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['bookings', 'upcoming'],
    queryFn: ({ pageParam }) =>
      api.get(`/api/bookings?${pageParams(UPCOMING_PAGE_SIZE, pageParam)}`, bookingPageSchema),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const bookingQuery = (id: string) =>
  queryOptions({
    queryKey: ['bookings', 'one', id],
    queryFn: () => api.get(`/api/bookings/${encodeURIComponent(id)}`, bookingSchema),
  });

/** Cancels a booking: its time is free again, and the calendar and the upcoming list show it gone. */
export function useCancelBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/bookings/${encodeURIComponent(id)}/cancel`, {}, bookingSchema),
    onSuccess: (cancelled: Booking) => {
      qc.setQueryData(bookingQuery(cancelled.id).queryKey, cancelled);
      toast.success(bookingMessages.cancelled);
    },
    onError: () => toast.error(bookingMessages.cancelFailed),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['calendar'] }),
        qc.invalidateQueries({ queryKey: ['bookings', 'upcoming'] }),
      ]),
  });
}
