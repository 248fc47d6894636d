import type { Page } from '@playwright/test';
import { bookingMessages } from '@common/booking-messages';
import { caldavMessages as words } from '@common/calendar-caldav';
import { caldavTestAccount, eventText, eventsIn, makeTestCalendar, putTestEvent } from '../server/src/test/caldav-kit';
import { calendarObject, vevent } from '../server/src/test/ical-kit';
import { expect, test, unique, uniqueEmail } from './support/fixtures';
import {
  clock,
  instantOf,
  nextMonday,
  openDay,
  openMondays,
  OWNER_ZONE,
  ownerIdOf,
  slotButtons,
  VISITOR_ZONE,
  visitorIn,
} from './support/booking';
import { expectNoSeriousViolations, toast } from './support/helpers';

// The CalDAV calendar of Calendar Integration (issue 31), against the test CalDAV server (scripts/caldav-server.sh):
// connected in settings, a booking made on the public page appears on the server, and Disconnect takes it away; an
// event in a calendar chosen to read keeps its slots off the booking page.

const account = caldavTestAccount();
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('CalDAV calendar', () => {
  test.skip(!account, 'needs the test CalDAV server (CALDAV_TEST_URL)');

  test('a user connects their calendar, a visitor books, and the booking appears on the calendar server', async ({
    page,
    browser,
    signedIn: _,
  }) => {
    test.slow();
    const alice = account!;
    // Names of this run's own: the account keeps the calendars of earlier runs and tests.
    const workName = unique('Work');
    const familyName = unique('Family');
    const work = await makeTestCalendar(alice, workName);
    await makeTestCalendar(alice, familyName);
    await openMondays(page);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/app/settings/calendar');
    const card = page.getByRole('form', { name: words.title });
    await card.getByLabel(words.serverUrl).fill(alice.serverUrl);
    await card.getByLabel(words.username).fill(alice.username);
    await card.getByLabel(words.appPassword).fill('not-the-password');
    await card.getByRole('button', { name: words.testConnection }).click();
    await expect(card.getByText(words.wrongPassword)).toBeVisible();

    await card.getByLabel(words.appPassword).fill(alice.password);
    await card.getByRole('button', { name: words.testConnection }).click();
    await expect(card.getByText(words.testOk)).toBeVisible();
    await card.getByLabel(words.publishTo).selectOption({ label: workName });
    const reads = card.getByRole('group', { name: words.readFrom });
    await reads.getByLabel(familyName).check();
    await expectNoSeriousViolations(page);
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
    await card.getByRole('button', { name: words.save, exact: true }).click();
    await expect(toast(page, words.saved)).toBeVisible();
    await expect(page.getByText(words.statusLabels.connected, { exact: true })).toBeVisible();
    await expect(page.getByText(`${alice.serverUrl} · ${alice.username}`)).toBeVisible();
    expect(await page.content()).not.toContain(alice.password);
    await expectNoSeriousViolations(page);
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);

    // A visitor books on the public page; the booking's event appears in the chosen calendar.
    const ownerId = await ownerIdOf(page);
    const [visitorContext, visitor] = await visitorIn(browser);
    try {
      await openDay(visitor, ownerId, nextMonday());
      await slotButtons(visitor).first().click();
      const name = `Cora Client ${Date.now()}`;
      await visitor.getByLabel('Name').fill(name);
      await visitor.getByLabel('Email').fill(uniqueEmail('cora'));
      await visitor.getByRole('button', { name: 'Book', exact: true }).click();
      await expect(visitor.getByRole('heading', { name: bookingMessages.booked })).toBeVisible();
      await expect.poll(async () => (await eventsIn(alice, work)).length, { timeout: 30_000 }).toBe(1);
      const [href] = await eventsIn(alice, work);
      expect(await eventText(alice, href!)).toContain(`SUMMARY:Appointment with ${name}`);

      // Disconnect, confirmed: the event is taken off the server.
      await page.getByRole('button', { name: words.disconnect }).click();
      const dialog = page.getByRole('dialog', { name: words.disconnect });
      await expect(dialog.getByText(words.disconnectConfirm)).toBeVisible();
      await expectNoSeriousViolations(page);
      await dialog.getByRole('button', { name: words.disconnect }).click();
      await expect(toast(page, words.disconnected)).toBeVisible();
      await expect(page.getByRole('form', { name: words.title }).getByLabel(words.serverUrl)).toHaveValue('');
      expect(await eventsIn(alice, work)).toEqual([]);
    } finally {
      await visitorContext.close();
    }
  });

  test('an event in a calendar read for busy times takes its slots off the booking page', async ({
    page,
    browser,
    signedIn: _,
  }) => {
    test.slow();
    const alice = account!;
    const workName = unique('Work');
    const familyName = unique('Family');
    await makeTestCalendar(alice, workName);
    const family = await makeTestCalendar(alice, familyName);
    // The owner's Monday is open 09:00–17:00 in half hours; the dentist takes 11:00–12:00 of it.
    await openMondays(page);
    const monday = nextMonday();
    const busyStart = instantOf(monday, '11:00', OWNER_ZONE);
    const utc = (instant: Date) => instant.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
    await putTestEvent(
      alice,
      family,
      unique('dentist'),
      calendarObject(vevent(unique('dentist'), 'SUMMARY:Dentist', `DTSTART:${utc(busyStart)}`, 'DURATION:PT1H')),
    );

    await page.goto('/app/settings/calendar');
    const card = page.getByRole('form', { name: words.title });
    await card.getByLabel(words.serverUrl).fill(alice.serverUrl);
    await card.getByLabel(words.username).fill(alice.username);
    await card.getByLabel(words.appPassword).fill(alice.password);
    await card.getByRole('button', { name: words.testConnection }).click();
    await expect(card.getByText(words.testOk)).toBeVisible();
    await card.getByLabel(words.publishTo).selectOption({ label: workName });
    await card.getByRole('group', { name: words.readFrom }).getByLabel(familyName).check();
    await card.getByRole('button', { name: words.save, exact: true }).click();
    await expect(toast(page, words.saved)).toBeVisible();
    await expect(page.getByText(words.statusLabels.connected, { exact: true })).toBeVisible();

    // The visitor (in Berlin) sees the hour of the dentist missing, and the slots either side of it.
    const ownerId = await ownerIdOf(page);
    const at = (time: string) => clock(instantOf(monday, time, OWNER_ZONE), VISITOR_ZONE);
    const [visitorContext, visitor] = await visitorIn(browser);
    try {
      // The connection's first sync runs within seconds of the save; the page shows what it stored.
      await expect(async () => {
        await openDay(visitor, ownerId, monday);
        await expect(slotButtons(visitor)).toHaveCount(14, { timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
      const slot = (time: string) => visitor.getByRole('button', { name: at(time), exact: true });
      await expect(slot('11:00')).toHaveCount(0);
      await expect(slot('11:30')).toHaveCount(0);
      await expect(slot('10:30')).toBeVisible();
      await expect(slot('12:00')).toBeVisible();
    } finally {
      await visitorContext.close();
    }
  });
});
