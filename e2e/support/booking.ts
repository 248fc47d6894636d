import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';

// The booking spec's owner and visitor (e2e/booking.spec.ts): an owner in New York open on Mondays, a visitor in
// Berlin, and the dates and wall-clock times between their zones.

export const OWNER_ZONE = 'America/New_York';
export const VISITOR_ZONE = 'Europe/Berlin';

/** The calendar date of `instant` in `timeZone`, 'YYYY-MM-DD'. */
export const dateIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

export const addDays = (date: string, days: number) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** The instant of wall-clock `time` ('HH:MM') on `date` in `timeZone`. */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wall;
  // Two rounds settle the zone's offset at that instant (a day outside a daylight-saving change).
  for (let i = 0; i < 2; i++) {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(new Date(guess));
    const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    const shown = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
    guess += wall - shown;
  }
  return new Date(guess);
}

export const clock = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);

/** The first Monday after the owner's today: at least a day ahead, so no slot of it is past or inside a notice. */
export function nextMonday(): string {
  let date = addDays(dateIn(new Date(), OWNER_ZONE), 1);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 1) date = addDays(date, 1);
  return date;
}

export async function ownerIdOf(page: Page): Promise<string> {
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  return ((await me.json()) as { user: { id: string } }).user.id;
}

/** Monday 09:00–17:00 in New York, 30-minute appointments, 24-hour clock. */
export async function openMondays(page: Page) {
  const day = await page.request.put('/api/profile/availability/1', {
    data: { isAvailable: true, startTime: '09:00', endTime: '17:00' },
  });
  expect(day.status(), await day.text()).toBe(200);
  const settings = await page.request.patch('/api/scheduling/settings', {
    data: { timezone: OWNER_ZONE, timeFormat: '24h', slotMinutes: 30 },
  });
  expect(settings.status(), await settings.text()).toBe(200);
}

export async function visitorIn(browser: Browser, options: { width?: number } = {}): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({
    timezoneId: VISITOR_ZONE,
    ...(options.width ? { viewport: { width: options.width, height: 800 } } : {}),
  });
  return [context, await context.newPage()];
}

export async function openDay(page: Page, ownerId: string, date: string) {
  await page.goto(`/book/${ownerId}`);
  await expect(page.getByLabel('Time zone')).toHaveValue(VISITOR_ZONE);
  await page.getByLabel('Date').fill(date);
  await expect(page.getByLabel('Date')).toHaveValue(date);
}

export const slotButtons = (page: Page) => page.getByRole('main').getByRole('listitem').getByRole('button');
