import { randomUUID } from 'node:crypto';
import { expect, PASSWORD, test, uniqueEmail } from './support/fixtures';

test('the landing page tells what the product does', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage your business with confidence' })).toBeVisible();
  await expect(page.getByRole('img', { name: /dashboard/i })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Everything you need to succeed' })).toBeVisible();
  for (const feature of [
    'Contact Management',
    'Deal Pipeline',
    'Project Management',
    'Task Management',
    'Scheduling',
    'AI Chatbot',
    'Lead Forms',
  ]) {
    await expect(page.getByRole('heading', { name: feature, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Ready to get started?' })).toBeVisible();
  await expect(page.getByText('Start your free trial today.')).toBeVisible();
  await expect(page.getByText('© 2025 Pipewise. All rights reserved.')).toBeVisible();

  await page.getByRole('link', { name: 'Learn More' }).click();
  await expect(page).toHaveURL(/#features$/);

  await page.getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByText('Start your 30-day free trial')).toBeVisible();
});

test('the public header leads to sign-in and sign-up', async ({ page }) => {
  await page.goto('/pricing');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await header.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await header.getByRole('link', { name: 'Pipewise home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the pricing page shows the three plans and the FAQ', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Simple, transparent pricing' })).toBeVisible();
  await expect(
    page.getByText('Choose the plan that best fits your needs. All plans include a 14-day free trial.'),
  ).toBeVisible();
  for (const [plan, price] of [
    ['Starter', '$29'],
    ['Professional', '$79'],
    ['Enterprise', '$199'],
  ] as const) {
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan, exact: true }) });
    await expect(card.getByText(price, { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: `Start ${plan} trial` })).toHaveAttribute('href', '/signup');
  }
  await expect(page.getByText('Most Popular')).toBeVisible();
  await expect(page.getByText('Up to 10,000 contacts')).toBeVisible();
  await expect(page.getByText(/save 20%/)).toBeVisible();
  await expect(page.getByText(/PayPal, and bank transfer for annual plans/)).toBeVisible();

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('signed-out pages log no console error and fail no request; the form and booking pages ask for no session', async ({
  page,
  browser,
}) => {
  // An owner with a form, in a context of their own: this page stays signed out.
  const owner = await browser.newContext();
  let ownerId: string;
  let formId: string;
  try {
    const ownerPage = await owner.newPage();
    const signUp = await ownerPage.request.post('/api/auth/sign-up', {
      data: { name: 'Olive Owner', email: uniqueEmail('owner'), password: PASSWORD },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    ownerId = ((await signUp.json()) as { user: { id: string } }).user.id;
    const form = await ownerPage.request.post('/api/forms', {
      data: { name: 'Quiet form', fields: [{ id: randomUUID(), type: 'name', label: 'Full Name', required: true }] },
    });
    expect(form.status(), await form.text()).toBe(201);
    formId = ((await form.json()) as { id: string }).id;
  } finally {
    await owner.close();
  }

  const problems: string[] = [];
  const sessionRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error on ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} for ${response.url()}`);
  });
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/me' || pathname === '/api/session') sessionRequests.push(`${pathname} from ${page.url()}`);
  });

  const visit = async (path: string, heading: string | RegExp) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Whatever the page asks for after it shows has its answer too.
    await page.waitForLoadState('networkidle');
  };
  await visit('/', 'Manage your business with confidence');
  await visit('/pricing', 'Simple, transparent pricing');
  await visit('/signin', 'Welcome back');
  await visit('/signup', 'Create your account');
  expect(sessionRequests.length, 'the public pages learn whether the visitor is signed in').toBeGreaterThan(0);
  sessionRequests.length = 0;

  await visit(`/forms/${formId}`, 'Quiet form');
  await visit(`/book/${ownerId}`, 'Olive Owner');
  expect(problems).toEqual([]);
  expect(sessionRequests).toEqual([]);
});
