import { format, parseISO } from 'date-fns';

/** A due date (YYYY-MM-DD, a calendar day, no time zone): "Mar 5, 2026". */
export const formatDueDate = (date: string) => format(parseISO(date), 'MMM d, yyyy');
