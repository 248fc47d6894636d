/** The query keys of the calendar: other areas invalidate or read them through this factory, never by literal. */
export const calendarKeys = {
  all: ['calendar'] as const,
};
