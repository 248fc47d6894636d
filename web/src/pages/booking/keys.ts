/** The query keys of the booking area: other areas invalidate or read them through this factory, never by literal. */
export const bookingKeys = {
  all: ['bookings'] as const,
  upcoming: () => [...bookingKeys.all, 'upcoming'] as const,
  one: (id: string) => [...bookingKeys.all, 'one', id] as const,
  settings: () => ['scheduling-settings'] as const,
  /** The weekly hours, edited on the profile screen. */
  availability: () => ['profile', 'availability'] as const,
};
