/** The query keys of the dashboard: other areas invalidate or read them through this factory, never by literal. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  /** Every widget, "today" and the revenue months in this time zone. */
  inZone: (tz: string) => [...dashboardKeys.all, tz] as const,
};
