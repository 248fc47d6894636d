/** The query keys of the owner's bookings: other areas invalidate or read them through this factory, never by literal. */
export const bookingKeys = {
  all: ['bookings'] as const,
};
