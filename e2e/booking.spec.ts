import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bookingMessages } from '../common/booking-messages';
import {
  OWNER_ZONE,
  VISITOR_ZONE,
  addDays,
  clock,
  dateIn,
  instantOf,
  nextMonday,
  openDay,
  openMondays,
  ownerIdOf,
  slotButtons,
  visitorIn,
} from './support/booking';
import { expect, test, uniqueEmail } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';

test.describe('client booking', () => {
  test('a visitor in another time zone books a free time; the owner sees it and cancels it', async ({
    page,
    browser,
    signedIn,
  }) => {
    test.slow();
    const ownerId = await ownerIdOf(page);
    await openMondays(page);
    const monday = nextMonday();
    // What New York's 09:00 to 16:30 starts read as in Berlin that day.
    const firstStart = instantOf(monday, '09:00', OWNER_ZONE);
    const lastStart = instantOf(monday, '16:30', OWNER_ZONE);
    const first = clock(firstStart, VISITOR_ZONE);
    const second = clock(new Date(firstStart.getTime() + 30 * 60_000), VISITOR_ZONE);
    const last = clock(lastStart, VISITOR_ZONE);

    const [ctxA, visitor] = await visitorIn(browser);
    const [ctxB, rival] = await visitorIn(browser);
    try {
      await openDay(visitor, ownerId, monday);
      await expect(visitor.getByRole('heading', { level: 1, name: signedIn.name })).toBeVisible();
      await expect(slotButtons(visitor)).toHaveCount(16);
      await expect(slotButtons(visitor).first()).toHaveText(first);
      await expect(slotButtons(visitor).last()).toHaveText(last);

      // Another visitor has the same time open, and will be too late.
      await openDay(rival, ownerId, monday);
      await rival.getByRole('button', { name: first, exact: true }).click();
      await rival.getByLabel('Name').fill('Rita Rival');
      await rival.getByLabel('Email').fill(uniqueEmail('rita'));

      await visitor.getByRole('button', { name: first, exact: true }).click();
      await expect(visitor.getByRole('button', { name: first, exact: true })).toHaveAttribute('aria-pressed', 'true');
      // The schema's own messages, before anything is sent.
      await expect(visitor.getByLabel('Name')).toBeFocused();
      await visitor.getByLabel('Email').fill('not-an-email');
      await visitor.getByRole('button', { name: 'Book', exact: true }).click();
      await expect(visitor.getByText(bookingMessages.nameRequired)).toBeVisible();
      await expect(visitor.getByText(bookingMessages.emailInvalid)).toBeVisible();
      await expect(visitor.getByLabel('Name')).toBeFocused();

      const booker = { name: `Vera Visitor ${Date.now()}`, email: uniqueEmail('vera') };
      await visitor.getByLabel('Name').fill(booker.name);
      await visitor.getByLabel('Email').fill(booker.email);
      await visitor.getByLabel('Notes (optional)').fill('About the renewal');
      await visitor.getByRole('button', { name: 'Book', exact: true }).click();
      await expect(visitor.getByRole('heading', { name: bookingMessages.booked })).toBeVisible();
      await expect(visitor.getByText('Your time (Europe/Berlin)')).toBeVisible();
      await expect(visitor.getByText(`${signedIn.name}’s time (America/New York)`)).toBeVisible();
      await expect(visitor.getByText(`${first} – ${second}`)).toBeVisible();
      await expect(visitor.getByText('09:00 – 09:30')).toBeVisible();

      // Too late: the rival is told, and the time is gone from the list.
      await rival.getByRole('button', { name: 'Book', exact: true }).click();
      await expect(rival.getByRole('alert').filter({ hasText: bookingMessages.slotTaken })).toBeVisible();
      await expect(slotButtons(rival)).toHaveCount(15);
      await expect(rival.getByRole('button', { name: first, exact: true })).toHaveCount(0);

      // The owner sees it on the calendar and in the upcoming list.
      await page.goto(`/app/calendar?view=day&date=${monday}`);
      await page
        .getByRole('button', { name: new RegExp(booker.name) })
        .first()
        .click();
      const details = page.getByRole('dialog', { name: 'Appointment' });
      await expect(details.getByText(booker.name)).toBeVisible();
      await expect(details.getByText(booker.email)).toBeVisible();
      await expect(details.getByText('About the renewal')).toBeVisible();
      await details.getByRole('button', { name: 'Close' }).first().click();
      await expect(details).toBeHidden();

      const upcoming = page.getByRole('region', { name: bookingMessages.upcomingTitle });
      await upcoming.getByRole('button', { name: new RegExp(booker.name) }).click();
      await expect(details.getByText(booker.email)).toBeVisible();
      await details.getByRole('button', { name: 'Cancel booking' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel booking' });
      await expect(confirm.getByText(bookingMessages.cancelConfirm)).toBeVisible();
      await confirm.getByRole('button', { name: 'Cancel booking' }).click();
      await expect(page.getByRole('status').filter({ hasText: bookingMessages.cancelled }).first()).toBeVisible();
      await expect(details).toBeHidden();
      await expect(upcoming.getByText(bookingMessages.upcomingEmpty)).toBeVisible();
      await expect(page.getByRole('button', { name: new RegExp(booker.name) })).toHaveCount(0);

      // The time is offered again.
      await openDay(rival, ownerId, monday);
      await expect(slotButtons(rival)).toHaveCount(16);
      await expect(rival.getByRole('button', { name: first, exact: true })).toBeVisible();
    } finally {
      await ctxA.close();
      await ctxB.close();
    }
  });

  test('the booking page works on a phone, by keyboard, with no serious accessibility violations', async ({
    page,
    browser,
    signedIn: _,
  }) => {
    const ownerId = await ownerIdOf(page);
    await openMondays(page);
    const monday = nextMonday();
    const [context, visitor] = await visitorIn(browser, { width: 390 });
    try {
      await visitor.goto(`/book/${ownerId}`);
      const date = visitor.getByLabel('Date');
      const firstDate = dateIn(new Date(), VISITOR_ZONE);
      await date.fill(firstDate);
      await expect(visitor.getByRole('button', { name: 'Previous day' })).toBeDisabled();
      await visitor.getByRole('button', { name: 'Next day' }).focus();
      await visitor.keyboard.press('Enter');
      await expect(date).toHaveValue(addDays(firstDate, 1));

      await date.fill(addDays(monday, 1));
      await expect(visitor.getByText(bookingMessages.noSlots)).toBeVisible();
      await visitor.getByRole('button', { name: 'Previous day' }).click();
      await expect(date).toHaveValue(monday);
      await expect(slotButtons(visitor)).toHaveCount(16);
      await slotButtons(visitor).first().focus();
      await visitor.keyboard.press('Enter');
      await expect(visitor.getByLabel('Name')).toBeFocused();

      const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(visitor);

      // An unknown owner says so.
      await visitor.goto('/book/00000000-0000-4000-8000-000000000000');
      await expect(visitor.getByRole('heading', { name: bookingMessages.ownerNotFound })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  for (const width of [1280, 375]) {
    test(`at ${width} px the page opens on the first day with free times, its Date and Time zone labels level`, async ({
      page,
      browser,
      signedIn: _,
    }) => {
      const ownerId = await ownerIdOf(page);
      // Open only on the weekday two days from the owner's today: today and tomorrow have no free times.
      const openDate = addDays(dateIn(new Date(), OWNER_ZONE), 2);
      const weekday = new Date(`${openDate}T12:00:00Z`).getUTCDay();
      const day = await page.request.put(`/api/profile/availability/${weekday}`, {
        data: { isAvailable: true, startTime: '09:00', endTime: '17:00' },
      });
      expect(day.status(), await day.text()).toBe(200);
      const settings = await page.request.patch('/api/scheduling/settings', {
        data: { timezone: OWNER_ZONE, timeFormat: '24h', slotMinutes: 30 },
      });
      expect(settings.status(), await settings.text()).toBe(200);

      const [context, visitor] = await visitorIn(browser, { width });
      try {
        await visitor.goto(`/book/${ownerId}`);
        // New York's 09:00 to 16:30 fall on the same date in Berlin.
        await expect(visitor.getByLabel('Date')).toHaveValue(openDate);
        await expect(slotButtons(visitor)).toHaveCount(16);
        await expect(visitor.getByText(bookingMessages.noSlots)).toBeHidden();
        await expect(visitor.getByRole('button', { name: 'Previous day' })).toBeEnabled();

        const date = await visitor.getByText('Date', { exact: true }).boundingBox();
        const zone = await visitor.getByText('Time zone', { exact: true }).boundingBox();
        if (width >= 640) expect(Math.abs(date!.y - zone!.y)).toBeLessThanOrEqual(1);
        else expect(zone!.y).toBeGreaterThan(date!.y);
        const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await expectNoSeriousViolations(visitor);
      } finally {
        await context.close();
      }
    });
  }

  test('the widget on another website shows the booking page and fits its height', async ({
    page,
    baseURL,
    signedIn,
  }) => {
    await openMondays(page);
    const settings = await page.request.get('/api/scheduling/settings');
    const { embedCode } = (await settings.json()) as { embedCode: string };
    expect(embedCode).toContain(`${baseURL}/scheduling-widget.js`);

    const site = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><title>Acme</title></head><body><h1>Acme</h1>${embedCode}</body></html>`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const { port } = site.address() as AddressInfo;
    try {
      await page.goto(`http://127.0.0.1:${port}/`);
      const frameElement = page.locator('iframe[title="Book an appointment"]');
      await expect(frameElement).toHaveCount(1);
      const frame = page.frameLocator('iframe[title="Book an appointment"]');
      await expect(frame.getByRole('heading', { level: 1, name: signedIn.name })).toBeVisible();

      const height = () => frameElement.evaluate((element) => (element as HTMLIFrameElement).style.height);
      // The page reported its height: the frame left its initial one.
      await expect.poll(height).not.toBe('480px');
      const fitted = parseInt(await height(), 10);

      // A taller page (the day's times and the form) makes a taller frame.
      await frame.getByLabel('Date').fill(nextMonday());
      await frame.getByRole('main').getByRole('listitem').getByRole('button').first().click();
      await expect(frame.getByLabel('Name')).toBeVisible();
      await expect.poll(async () => parseInt(await height(), 10)).toBeGreaterThan(fitted);
      // Sized to its content: the booking page inside does not scroll.
      await expect
        .poll(() => frame.locator('html').evaluate((html) => html.scrollHeight - window.innerHeight))
        .toBeLessThanOrEqual(1);
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });
});
