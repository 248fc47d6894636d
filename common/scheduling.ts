import { z } from 'zod';
import { timeFormats } from './constants';

export const schedulingMessages = {
  confirmationsMailed: 'Visitors who book are mailed a confirmation with the appointment as a calendar file.',
  confirmationsOff: 'This server sends no e-mail, so visitors who book get no confirmation by e-mail.',
  loadFailed: 'Failed to load settings',
  updateFailed: 'Failed to update settings',
  updated: 'Settings updated',
  embedCopied: 'Embed code copied to clipboard',
  // Beyond the spec: the booking link's copy button.
  bookingLinkCopied: 'Booking link copied to clipboard',
  timezoneInvalid: 'Choose a time zone from the list',
  timeFormatInvalid: 'Time format must be 12h or 24h',
  minNoticeInvalid: 'Minimum notice must be a whole number from 0 to 1440 minutes',
  maxAdvanceInvalid: 'Maximum advance must be a whole number from 1 to 365 days',
  nothingToUpdate: 'Nothing to update',
} as const;

/** Part 1 §9. */
export const MIN_NOTICE_RANGE = { min: 0, max: 1440 } as const;
export const MAX_ADVANCE_RANGE = { min: 1, max: 365 } as const;
export const schedulingDefaults = {
  timeFormat: '24h',
  minNoticeMinutes: 0,
  maxAdvanceDays: 90,
  slotMinutes: 30,
} as const;

/** The appointment lengths the booking page can offer (beyond the spec: client booking), default 30. */
export const slotDurations = [15, 30, 45, 60] as const;
export const slotMinutesMessage = 'Appointment length must be 15, 30, 45 or 60 minutes';

/**
 * Zones found valid: a formatter per check is slow on every public booking request. Bounded, as the runtime also
 * takes any spelling in upper or lower case.
 */
const knownZones = new Set<string>();
const MAX_KNOWN_ZONES = 2_000;

/** An IANA time zone this runtime knows (aliases such as UTC included). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  if (knownZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    if (knownZones.size < MAX_KNOWN_ZONES) knownZones.add(value);
    return true;
  } catch {
    return false;
  }
}

const timezone = z
  .string({ message: schedulingMessages.timezoneInvalid })
  .refine(isTimeZone, { message: schedulingMessages.timezoneInvalid });
const timeFormat = z.enum(timeFormats, { message: schedulingMessages.timeFormatInvalid });
const minNoticeMinutes = z
  .number({ message: schedulingMessages.minNoticeInvalid })
  .int(schedulingMessages.minNoticeInvalid)
  .min(MIN_NOTICE_RANGE.min, schedulingMessages.minNoticeInvalid)
  .max(MIN_NOTICE_RANGE.max, schedulingMessages.minNoticeInvalid);
const slotMinutes = z
  .number({ message: slotMinutesMessage })
  .refine((n) => (slotDurations as readonly number[]).includes(n), { message: slotMinutesMessage });
const maxAdvanceDays = z
  .number({ message: schedulingMessages.maxAdvanceInvalid })
  .int(schedulingMessages.maxAdvanceInvalid)
  .min(MAX_ADVANCE_RANGE.min, schedulingMessages.maxAdvanceInvalid)
  .max(MAX_ADVANCE_RANGE.max, schedulingMessages.maxAdvanceInvalid);

/**
 * GET /api/scheduling/settings?timezone=<the browser's>: the row, created with the defaults on first read
 * (part 2 §7); the browser's time zone is the default one (part 1 §9), UTC when it sends none or an unknown one.
 */
export const schedulingSettingsQuerySchema = z.object({ timezone: z.string().max(64).optional() });

/** PATCH /api/scheduling/settings: one or more fields, each change saved at once (part 1 §4). */
export const schedulingSettingsInputSchema = z
  .object({
    timezone: timezone.optional(),
    timeFormat: timeFormat.optional(),
    minNoticeMinutes: minNoticeMinutes.optional(),
    maxAdvanceDays: maxAdvanceDays.optional(),
    slotMinutes: slotMinutes.optional(),
  })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: schedulingMessages.nothingToUpdate,
  });
export type SchedulingSettingsInput = z.infer<typeof schedulingSettingsInputSchema>;

export const schedulingSettingsSchema = z.object({
  timezone: z.string(),
  timeFormat: z.enum(timeFormats),
  minNoticeMinutes: z.number().int(),
  maxAdvanceDays: z.number().int(),
  /** The length of one appointment on the booking page. */
  slotMinutes: z.number().int(),
  /** The snippet to paste on a website, pointing at the server's public URL (part 1 §2, decisions.md item 14). */
  embedCode: z.string(),
  /** Whether a visitor who books is mailed a confirmation: the server sends its own mail (SMTP_URL). */
  confirmsByEmail: z.boolean(),
});
export type SchedulingSettings = z.infer<typeof schedulingSettingsSchema>;

/** The scheduling widget's embed snippet: a container carrying the user id, and the script from our origin. */
export function schedulingEmbedCode(publicUrl: string, userId: string): string {
  return `<div class="pipewise-scheduling" data-user="${userId}"></div>\n<script src="${publicUrl}/scheduling-widget.js" async></script>`;
}
