import type { Locator, Page } from '@playwright/test';
import { dashboardMessages as m } from '../common/dashboard-rules';
import { expect, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';

// The browser runs in a fixed-offset zone where it is about noon (12:00 to 12:59) right now, so "today" has room
// for an item already past and items still to come whatever the hour of the run.
const OFFSET_HOURS = 12 - new Date().getUTCHours();
const ZONE = OFFSET_HOURS === 0 ? 'UTC' : `Etc/GMT${OFFSET_HOURS > 0 ? '-' : '+'}${Math.abs(OFFSET_HOURS)}`;
test.use({ timezoneId: ZONE });

/** The instant of hh:mm on the zone's day `days` away from today, as ISO. */
function localInstant(hours: number, minutes = 0, days = 0): string {
  const local = new Date(Date.now() + OFFSET_HOURS * 3_600_000);
  const utc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, hours, minutes);
  return new Date(utc - OFFSET_HOURS * 3_600_000).toISOString();
}

/** 'November 2026': the zone's current month, as the chart's screen-reader list names it. */
const currentMonth = () =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: ZONE }).format(new Date());

async function post<T = { id: string }>(page: Page, url: string, data: Record<string, unknown>): Promise<T> {
  const response = await page.request.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
  return (await response.json()) as T;
}

/**
 * A workspace with known figures, made through the API:
 * - deals (default pipeline): Lead 1,000 + 250.75, Contact Made 2,000, Proposal Sent 3,000, Negotiation 4,000,
 *   Won 5,000 (moved to Won now), Lost 6,000 → Total Deals $15,251 (Lost left out, no decimals);
 * - two contacts; three projects, one Completed → 2 active;
 * - tasks: one overdue (yesterday), one due today at 15:00, two later, one without a date, one Done → 5 open;
 * - activities on the Negotiation deal: one at 09:00 today (past), one at 16:00 today with high priority;
 * - a client's booking at 14:00 today.
 */
async function seedWorkspace(page: Page) {
  const pipeline = await post(page, '/api/pipelines', { name: 'Sales Pipeline', isDefault: true });
  const deal = (name: string, stage: string, value: number) =>
    post(page, '/api/deals', { name, pipelineId: pipeline.id, stage, value });
  const [lead, , , , negotiation] = await Promise.all([
    deal('Acme renewal', 'Lead', 1000),
    deal('Globex pilot', 'Lead', 250.75),
    deal('Initech upgrade', 'Contact Made', 2000),
    deal('Umbrella rollout', 'Proposal Sent', 3000),
    deal('Hooli licences', 'Negotiation', 4000),
    deal('Stark retainer', 'Lost', 6000),
    post(page, '/api/contacts', { name: 'Ada Lovelace' }),
    post(page, '/api/contacts', { name: 'Grace Hopper' }),
  ]);
  const won = await deal('Wonka supply', 'Lead', 5000);
  const moved = await page.request.patch(`/api/deals/${won.id}/stage`, { data: { stage: 'Won' } });
  expect(moved.status(), await moved.text()).toBe(200);

  const [website] = await Promise.all([
    post(page, '/api/projects', { name: 'Website relaunch', status: 'In Progress' }),
    post(page, '/api/projects', { name: 'Onboarding kit' }),
    post(page, '/api/projects', { name: 'Old migration', status: 'Completed' }),
  ]);
  await Promise.all([
    post(page, '/api/tasks', { name: 'Send the overdue invoice', dueDate: localInstant(10, 0, -1) }),
    post(page, '/api/tasks', { name: 'Review the mockups', dueDate: localInstant(15), projectId: website.id }),
    post(page, '/api/tasks', { name: 'Prepare the demo', dueDate: localInstant(11, 0, 1), dealId: lead.id }),
    post(page, '/api/tasks', { name: 'Book the venue', dueDate: localInstant(11, 0, 2) }),
    post(page, '/api/tasks', { name: 'Someday cleanup' }),
    post(page, '/api/tasks', { name: 'Already filed', dueDate: localInstant(8), status: 'Done' }),
    post(page, `/api/deals/${negotiation.id}/activities`, {
      activityType: 'email',
      description: 'Send the recap',
      dueDate: localInstant(9),
      priority: 'medium',
    }),
    post(page, `/api/deals/${negotiation.id}/activities`, {
      activityType: 'call',
      description: 'Call about pricing',
      dueDate: localInstant(16),
      priority: 'high',
    }),
  ]);
  await bookTodayAt14(page);
}

/** A client books 14:00 today on the owner's public page: the owner works 13:00–17:00 today, in the zone. */
async function bookTodayAt14(page: Page) {
  const me = await page.request.get('/api/me');
  const ownerId = ((await me.json()) as { user: { id: string } }).user.id;
  const zone = await page.request.patch('/api/scheduling/settings', { data: { timezone: ZONE } });
  expect(zone.status(), await zone.text()).toBe(200);
  // The zone's weekday today (0 = Sunday).
  const weekday = new Date(Date.now() + OFFSET_HOURS * 3_600_000).getUTCDay();
  const day = await page.request.put(`/api/profile/availability/${weekday}`, {
    data: { isAvailable: true, startTime: '13:00', endTime: '17:00' },
  });
  expect(day.status(), await day.text()).toBe(200);
  const booked = await page.request.post(`/api/public/booking/${ownerId}`, {
    data: {
      start: localInstant(14),
      name: 'Bea Booker',
      email: 'bea@example.com',
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
}

const isDashboardRequest = (url: URL) => url.pathname === '/api/dashboard';

const widget = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const stat = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test.describe('dashboard', () => {
  test('shows the figures, today, recent tasks, e-mail, the pipeline and the revenue of the month', async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    await seedWorkspace(page);
    await page.goto('/app/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: m.welcome('Ann') })).toBeVisible();

    await expect(stat(page, m.totalDeals)).toContainText('$15,251');
    await expect(stat(page, m.totalContacts)).toContainText('2');
    await expect(stat(page, m.activeProjects)).toContainText('2');
    await expect(stat(page, m.openTasks)).toContainText('5');

    // Today's Schedule, by time: the past activity, the booking, the task due this afternoon, the high-priority call.
    const schedule = widget(page, m.todaysSchedule).getByRole('listitem');
    await expect(schedule).toHaveCount(4);
    await expect(schedule.nth(0)).toContainText('Send the recap');
    await expect(schedule.nth(0)).toContainText('9:00 AM');
    await expect(schedule.nth(0)).toContainText('Hooli licences');
    await expect(schedule.nth(0)).toContainText('Overdue');
    await expect(schedule.nth(1)).toContainText('Bea Booker');
    await expect(schedule.nth(1)).toContainText('2:00 PM');
    await expect(schedule.nth(1)).toContainText('Upcoming');
    await expect(schedule.nth(2)).toContainText('Review the mockups');
    await expect(schedule.nth(2)).toContainText('3:00 PM');
    await expect(schedule.nth(2)).toContainText('Website relaunch');
    await expect(schedule.nth(2)).toContainText('Upcoming');
    await expect(schedule.nth(3)).toContainText('Call about pricing');
    await expect(schedule.nth(3)).toContainText('High Priority');
    await expect(widget(page, m.todaysSchedule).getByText('Already filed')).toBeHidden();

    // Recent Tasks: the four open tasks due first; the undated one and the Done one are left out.
    const recent = widget(page, m.recentTasks);
    const tasks = recent.getByRole('listitem');
    await expect(tasks).toHaveCount(4);
    await expect(tasks.nth(0)).toContainText('Send the overdue invoice');
    await expect(tasks.nth(1)).toContainText('Review the mockups');
    await expect(tasks.nth(1)).toContainText('Website relaunch');
    await expect(tasks.nth(2)).toContainText('Prepare the demo');
    await expect(tasks.nth(2)).toContainText('Acme renewal');
    await expect(tasks.nth(3)).toContainText('Book the venue');
    await expect(recent.getByText('Someday cleanup')).toBeHidden();
    await expect(recent.getByRole('link', { name: m.viewAll })).toHaveAttribute('href', '/app/tasks');

    const email = widget(page, m.emailPreview);
    await expect(email.getByText(m.noEmailAccounts)).toBeVisible();
    await expect(email.getByRole('link', { name: m.connectEmail })).toHaveAttribute('href', '/app/settings/email');

    // Open stages in the default pipeline's order; Won and Lost are left out.
    const stages = widget(page, m.pipelineOverview).getByRole('listitem');
    await expect(stages).toHaveText([
      /Lead\s*2 deals · \$1,251/,
      /Contact Made\s*1 deal · \$2,000/,
      /Proposal Sent\s*1 deal · \$3,000/,
      /Negotiation\s*1 deal · \$4,000/,
    ]);

    const revenue = widget(page, m.monthlyRevenue);
    const months = revenue.getByRole('list', { name: 'Revenue by month' }).getByRole('listitem');
    await expect(months).toHaveCount(12);
    await expect(months.last()).toHaveText(`${currentMonth()}: $5,000`);
    const chart = revenue.locator('svg.revenue-chart');
    await expect(chart).toBeVisible();
    // The latest month's bar, at the chart's right edge: pointing at it shows its month and amount.
    const box = (await chart.boundingBox())!;
    await chart.hover({ position: { x: box.width - 12, y: box.height / 2 } });
    await expect(revenue.getByText(currentMonth(), { exact: true })).toBeVisible();
    await expect(revenue.getByText('$5,000', { exact: true })).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(revenue.getByText('$5,000', { exact: true })).toBeHidden();

    await page.getByRole('link', { name: m.connectEmail }).click();
    await expect(page).toHaveURL(/\/app\/settings\/email$/);
  });

  test('a new workspace shows each widget empty, and with an e-mail account but no mail yet says so', async ({
    page,
    signedIn: _,
  }) => {
    await page.goto('/app/dashboard');
    await expect(stat(page, m.totalDeals)).toContainText('$0');
    await expect(stat(page, m.openTasks)).toContainText('0');
    await expect(widget(page, m.todaysSchedule).getByText(m.scheduleEmpty)).toBeVisible();
    await expect(widget(page, m.recentTasks).getByText(m.recentTasksEmpty)).toBeVisible();
    await expect(widget(page, m.pipelineOverview).getByText(m.pipelineOverviewEmpty)).toBeVisible();
    await expect(widget(page, m.monthlyRevenue).getByText(m.monthlyRevenueEmpty)).toBeVisible();
    await expect(widget(page, m.emailPreview).getByText(m.noEmailAccounts)).toBeVisible();

    const server = (host: string, port: number) => ({ host, port, username: 'ann', password: 'mail-password-1234' });
    await post(page, '/api/email-accounts', {
      email: 'ann@example.com',
      pop3: server('pop.example.com', 995),
      smtp: server('smtp.example.com', 587),
    });
    await page.reload();
    await expect(widget(page, m.emailPreview).getByText(m.noEmails)).toBeVisible();
    await expect(widget(page, m.emailPreview).getByRole('link', { name: m.viewAll })).toHaveAttribute(
      'href',
      '/app/email',
    );
  });

  test('a widget the server could not read shows empty, and a failed request leaves every widget empty', async ({
    page,
    signedIn: _,
  }) => {
    await page.route(isDashboardRequest, (route) =>
      route.fulfill({
        json: {
          stats: null,
          schedule: null,
          recentTasks: [],
          emailAccounts: 0,
          pipelineOverview: null,
          revenue: null,
        },
      }),
    );
    await page.goto('/app/dashboard');
    await expect(widget(page, m.emailPreview).getByText(m.noEmailAccounts)).toBeVisible();
    await expect(stat(page, m.totalDeals)).toContainText('-');
    await expect(widget(page, m.todaysSchedule).getByText(m.scheduleEmpty)).toBeVisible();
    await expect(widget(page, m.monthlyRevenue).getByText(m.monthlyRevenueEmpty)).toBeVisible();

    await page.unrouteAll();
    await page.route(isDashboardRequest, (route) => route.fulfill({ status: 500, json: { error: 'Boom' } }));
    const logged = page.waitForEvent(
      'console',
      (message) => message.type() === 'error' && message.text().includes('Failed to load the dashboard'),
    );
    await page.reload();
    await logged;
    await expect(widget(page, m.recentTasks).getByText(m.recentTasksEmpty)).toBeVisible();
    await expect(stat(page, m.openTasks)).toContainText('-');
    await expect(widget(page, m.emailPreview)).not.toContainText(m.noEmailAccounts);
    await expect(page.getByText('Boom')).toBeHidden();
  });

  test("Recent Tasks shows each status in the task list's badge: 'In Progress' stands out from 'To Do'", async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    await Promise.all([
      post(page, '/api/tasks', { name: 'Draft the brief', dueDate: localInstant(11, 0, 1) }),
      post(page, '/api/tasks', { name: 'Build the page', dueDate: localInstant(11, 0, 2), status: 'In Progress' }),
    ]);
    const look = (badge: Locator) =>
      badge.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, color: style.color };
      });

    await page.goto('/app/tasks');
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
    const list = page.getByRole('list', { name: 'Tasks' });
    const listToDo = await look(list.getByText('To Do', { exact: true }));
    const listInProgress = await look(list.getByText('In Progress', { exact: true }));
    expect(listInProgress).not.toEqual(listToDo);

    await page.goto('/app/dashboard');
    const recent = widget(page, m.recentTasks);
    await expect(recent.getByRole('listitem')).toHaveCount(2);
    expect(await look(recent.getByText('To Do', { exact: true }))).toEqual(listToDo);
    expect(await look(recent.getByText('In Progress', { exact: true }))).toEqual(listInProgress);
  });

  test('on a phone nothing overflows sideways', async ({ page, signedIn: _ }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    await seedWorkspace(page);
    await page.goto('/app/dashboard');
    await expect(widget(page, m.monthlyRevenue).locator('svg.revenue-chart')).toBeVisible();
    await expect(widget(page, m.recentTasks).getByRole('listitem')).toHaveCount(4);
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      body: document.body.scrollWidth - document.body.clientWidth,
    }));
    expect(overflow).toEqual({ page: 0, body: 0 });
  });
});

for (const mode of ['dark', 'light'] as const) {
  test(`the dashboard passes axe in the ${mode} theme`, async ({ page, signedIn: _ }) => {
    test.slow();
    await page.addInitScript((value) => {
      localStorage.setItem('theme-storage', JSON.stringify({ state: { mode: value }, version: 0 }));
    }, mode);
    await seedWorkspace(page);
    await page.goto('/app/dashboard');
    await expect(widget(page, m.monthlyRevenue).locator('svg.revenue-chart')).toBeVisible();
    await expect(widget(page, m.todaysSchedule).getByRole('listitem')).toHaveCount(4);
    await expectNoSeriousViolations(page);
  });
}
