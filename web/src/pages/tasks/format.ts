import { format } from 'date-fns';
import type { Task } from '@common/tasks';

/** A due date and time in the viewer's zone: "Mar 5, 2026, 3:00 PM". */
export const formatDue = (iso: string) => format(new Date(iso), 'MMM d, yyyy, h:mm a');

/** Overdue: due before now and not Done (a task has a time of day, unlike a deal's close date). */
export const isOverdue = (task: Pick<Task, 'dueDate' | 'status'>, now: Date) =>
  task.status !== 'Done' && task.dueDate !== null && Date.parse(task.dueDate) < now.getTime();

/** The value of a datetime-local input for an ISO timestamp, in the viewer's zone. */
export const toLocalInput = (iso: string | null) => (iso ? format(new Date(iso), "yyyy-MM-dd'T'HH:mm") : '');

/** A datetime-local value as an ISO timestamp (UTC, with its offset); blank is null, nonsense is kept for the check. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * The text colour that reads best on a category's own colour: near-black or white, whichever has the
 * higher contrast (WCAG), so any colour the user picks stays legible.
 */
export function textOn(background: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(background)) return '#0f172a';
  const l = luminance(background);
  const dark = luminance('#0f172a');
  const onDark = (l + 0.05) / (dark + 0.05);
  const onWhite = 1.05 / (l + 0.05);
  return onDark >= onWhite ? '#0f172a' : '#ffffff';
}
