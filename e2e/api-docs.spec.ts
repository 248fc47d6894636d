import { apiDocsMessages } from '../common/api-docs-messages';
import { expect, test } from './support/fixtures';
import AxeBuilder from '@axe-core/playwright';

// The API reference at /api/docs: Swagger UI over the server's OpenAPI document, for anyone (no sign-in), under the
// server's own content security policy, and with nothing fetched from another origin.

test('the API reference shows every area’s routes, all from the server itself', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.exposeFunction('reportViolation', (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `CSP ${event.violatedDirective}: ${event.blockedURI}`,
      );
    });
  });

  await page.goto('/api/docs');
  await expect(page).toHaveTitle(apiDocsMessages.title);
  await expect(page.getByRole('heading', { name: apiDocsMessages.title })).toBeVisible();
  // The areas, each a heading over its routes; a route by its method and path, with a lock when it needs one.
  await expect(page.getByRole('heading', { name: /^auth Signing up/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'POST /api/auth/sign-in', exact: true })).toBeVisible();

  // The reference draws the areas in view as it scrolls; a link to an area shows it.
  await page.goto('/api/docs#/contacts');
  await page.reload();
  await expect(page.getByRole('heading', { name: /^contacts Contacts/ })).toBeVisible();
  const listContacts = page.getByRole('button', { name: 'GET /api/contacts', exact: true });
  await listContacts.click();
  await expect(listContacts).toHaveAttribute('aria-expanded', 'true');
  const operation = page.locator('.opblock').filter({ has: listContacts });
  await expect(operation.getByText('cursor', { exact: true })).toBeVisible();
  await expect(operation.getByRole('button', { name: /authorization/i }).first()).toBeVisible();

  // Swagger UI's own markup puts a link inside each route's button and leaves its content-type selects unnamed:
  // those two rules are its to fix; every other rule holds (its colours are darkened by the server's theme).
  const results = await new AxeBuilder({ page }).disableRules(['nested-interactive', 'select-name']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => ({ id: v.id, nodes: v.nodes.map((node) => node.target.join(' ')) }))).toEqual([]);
  expect(problems).toEqual([]);
  expect(requests.length).toBeGreaterThan(3);
  expect(requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin)).toEqual([]);
});
