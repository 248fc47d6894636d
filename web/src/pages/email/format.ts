import { format, formatDistanceToNow } from 'date-fns';

/** "about 2 hours ago", as a list row shows it. */
export const relativeTime = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });

/** "Mar 5, 2031, 2:30 PM", as the reading pane shows it. */
export const fullTime = (iso: string) => format(new Date(iso), 'PPp');

/** "240 KB": an attachment's size. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
