import { eq } from 'drizzle-orm';
import {
  isTimeZone,
  schedulingDefaults,
  schedulingEmbedCode,
  type SchedulingSettings,
  type SchedulingSettingsInput,
} from '@common/scheduling';
import type { Db } from '../../db/client';
import { schedulingSettings } from '../../db/schema';

type SettingsRow = typeof schedulingSettings.$inferSelect;

/** What the settings screen needs besides the row: where the widget script is served from, and whether mail is on. */
export interface EmbedSource {
  publicUrl: string;
  confirmsByEmail: boolean;
}

function toSettings(row: SettingsRow, source: EmbedSource): SchedulingSettings {
  return {
    timezone: row.timezone,
    // The column's check allows only these two.
    timeFormat: row.timeFormat as SchedulingSettings['timeFormat'],
    minNoticeMinutes: row.minNoticeMinutes,
    maxAdvanceDays: row.maxAdvanceDays,
    slotMinutes: row.slotMinutes,
    embedCode: schedulingEmbedCode(source.publicUrl, row.userId),
    confirmsByEmail: source.confirmsByEmail,
  };
}

/** The browser's time zone is the default (part 1 §9); UTC when it sent none or one this runtime does not know. */
const defaultTimezone = (browserTimezone: string | undefined) =>
  browserTimezone && isTimeZone(browserTimezone) ? browserTimezone : 'UTC';

/**
 * The user's settings, made with the defaults on first read (part 2 §7). Insert-or-nothing, then read: two
 * first reads at once make one row, and both answer it.
 */
export async function getSchedulingSettings(
  db: Db,
  source: EmbedSource,
  userId: string,
  browserTimezone?: string,
): Promise<SchedulingSettings> {
  await db
    .insert(schedulingSettings)
    .values({ userId, ...schedulingDefaults, timezone: defaultTimezone(browserTimezone) })
    .onConflictDoNothing({ target: schedulingSettings.userId });
  const [row] = await db.select().from(schedulingSettings).where(eq(schedulingSettings.userId, userId));
  return toSettings(row!, source);
}

/** Saves the fields given (part 1 §4: each change at once); with no row yet, the defaults fill the rest. */
export async function updateSchedulingSettings(
  db: Db,
  source: EmbedSource,
  userId: string,
  input: SchedulingSettingsInput,
): Promise<SchedulingSettings> {
  const set = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const [row] = await db
    .insert(schedulingSettings)
    .values({ userId, ...schedulingDefaults, timezone: defaultTimezone(undefined), ...set })
    .onConflictDoUpdate({ target: schedulingSettings.userId, set })
    .returning();
  return toSettings(row!, source);
}
