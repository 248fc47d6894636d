/** "Nov 26, 2026, 11:30:05 AM" in the viewer's time zone: a delivery log reads to the second. */
export const formatInstant = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
