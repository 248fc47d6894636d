import { z } from 'zod';
import { userSchema } from './auth';

export const profileMessages = {
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  nameRequired: 'Full Name is required',
  emailReadOnly: 'Email cannot be changed',
  avatarType: 'Please upload a PNG, JPEG, GIF or WebP image',
  avatarSize: 'Image must be less than 5MB',
  avatarPermission: 'Permission denied. Please try again.',
  avatarFailed: 'Failed to upload image. Please try again.',
  /** On the profile tab (decisions.md item 20). */
  avatarUpdated: 'Profile picture updated',
  /** Where the avatar changes elsewhere, e.g. the shell (decisions.md item 20). */
  avatarUpdatedElsewhere: 'Profile image updated',
  availabilityLoadFailed: 'Failed to load availability',
  availabilityUpdateFailed: 'Failed to update availability',
  availabilityUpdated: 'Availability updated',
  availabilitySaved: 'Availability settings saved',
  // Beyond the spec, which allows any pair (part 1 §5): a warning that does not block.
  endNotAfterStart: 'End time is not after start time: no bookings can be made on this day',
  timeInvalid: 'Choose a time from the list',
  dayInvalid: 'Day must be 0 (Sunday) to 6 (Saturday)',
} as const;

/** The tabs of 'Profile Settings' (part 1 §2); the chosen one is kept in the URL as ?tab=. */
export const profileTabs = { profile: 'Profile Information', availability: 'Scheduling Availability' } as const;
export type ProfileTab = keyof typeof profileTabs;

/** PATCH /api/profile: the Full Name, trimmed. Answers the updated user (`userSchema`). */
export const profileInputSchema = z.object({
  name: z
    .string({ message: profileMessages.nameRequired })
    .trim()
    .min(1, profileMessages.nameRequired)
    .max(100, 'Full Name is too long'),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;
export { userSchema };

/**
 * POST /api/profile/avatar: multipart/form-data with one file field `avatar`; answers the updated user.
 * The type is decided by the file's first bytes, never its name or declared type. The picture is served,
 * without sign-in (the public booking page shows it), at the user's `avatarUrl`: `/api/avatars/{userId}?v=…`,
 * where `v` changes with every upload so a new picture shows at once while an unchanged one stays cached.
 */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_FIELD = 'avatar';
/** File extension → content type, for the four accepted kinds (part 1 §9). */
export const avatarTypes = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;
export type AvatarExtension = keyof typeof avatarTypes;
/** What the file input offers; the server checks the content regardless. */
export const avatarAccept = Object.values(avatarTypes).join(',');

/** Sunday first: day_of_week 0 … 6 (part 1 §3). */
export const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The 48 half-hour slots 00:00 … 23:30 (part 1 §9). */
export const halfHourSlots: readonly string[] = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

/** A weekday with no stored row is off, 09:00–17:00 (part 1 §4). */
export const defaultAvailability = { isAvailable: false, startTime: '09:00', endTime: '17:00' } as const;

const slot = z.string({ message: profileMessages.timeInvalid }).refine((value) => halfHourSlots.includes(value), {
  message: profileMessages.timeInvalid,
});

/** PUT /api/profile/availability/:day — the whole row of one weekday, upserted. Answers `availabilityDaySchema`. */
export const availabilityInputSchema = z.object({
  isAvailable: z.boolean({ message: 'Choose on or off' }),
  startTime: slot,
  endTime: slot,
});
export type AvailabilityInput = z.infer<typeof availabilityInputSchema>;

/** The one digit 0–6 only: a number coerced from the path would read '' and ' ' as 0 (Sunday). */
export const availabilityDayParamSchema = z.object({
  day: z
    .string({ message: profileMessages.dayInvalid })
    .regex(/^[0-6]$/, profileMessages.dayInvalid)
    .transform(Number),
});

export const availabilityDaySchema = z.object({
  dayOfWeek: z.number().int(),
  isAvailable: z.boolean(),
  startTime: z.string(),
  endTime: z.string(),
});
export type AvailabilityDay = z.infer<typeof availabilityDaySchema>;

/** GET /api/profile/availability: always seven days, Sunday first, defaults filled in for days never saved. */
export const availabilitySchema = z.object({ days: z.array(availabilityDaySchema) });
export type Availability = z.infer<typeof availabilitySchema>;

/** Whether a day's end comes after its start ('HH:MM' compares as text). */
export const endsAfterStart = (day: Pick<AvailabilityDay, 'startTime' | 'endTime'>) => day.endTime > day.startTime;

/** The public picture's address: its owner, and the version the user's `avatarUrl` names (cached for good). */
export const avatarParamsSchema = z.object({ userId: z.uuid({ message: 'Not found' }) });
export const avatarQuerySchema = z.object({ v: z.string().max(100).optional() });
