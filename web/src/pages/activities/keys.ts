/** The query keys of activities: other areas invalidate or read them through this factory, never by literal. */
export const activityKeys = {
  all: ['activities'] as const,
  /** A deal's activities. */
  ofDeal: (dealId: string) => [...activityKeys.all, dealId] as const,
};
