import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

// Issue 14: markup in what users and visitors type is shown as text. A contact name, a task name, a form's
// name and a field label that carry script are visible exactly as typed, and nothing in them runs.

const markup = `<img src=x onerror="alert(1);window.__xss=1"><script>window.__xss=1</script> "quoted" 'single' & 😀🎉`;
const contactName = `Ann ${markup}`;
const taskName = `Task ${markup}`;
const formName = `Form ${markup}`;
const label = `Label ${markup}`;

async function created(page: Page, url: string, data: object): Promise<string> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Nothing ran: no marker on the window and no dialog opened. */
async function expectNoScriptRan(page: Page, dialogs: string[]) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test('names and labels with markup, quotes and emoji are shown as text and run nothing', async ({
  page,
  browser,
  signedIn: _,
}) => {
  test.slow();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const contactId = await created(page, '/api/contacts', { name: contactName });
  await created(page, '/api/tasks', { name: taskName });
  const formId = await created(page, '/api/forms', {
    name: formName,
    fields: [{ id: randomUUID(), type: 'text', label, required: false }],
  });

  await page.goto('/app/contacts');
  await expect(
    page.getByRole('region', { name: 'Contacts table' }).getByRole('link', { name: contactName, exact: true }),
  ).toHaveText(contactName);
  await expectNoScriptRan(page, dialogs);

  await page.goto(`/app/contacts/${contactId}`);
  await expect(page.getByRole('heading', { level: 1 }).getByText(contactName, { exact: true })).toBeVisible();
  await expectNoScriptRan(page, dialogs);

  await page.goto('/app/tasks');
  await expect(
    page.getByRole('region', { name: 'To Do', exact: true }).getByText(taskName, { exact: true }),
  ).toBeVisible();
  await expectNoScriptRan(page, dialogs);

  await page.goto('/app/forms');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: formName, exact: true }) });
  await expect(card.getByRole('heading', { name: formName, exact: true })).toHaveText(formName);
  await card.getByRole('button', { name: `Edit ${formName}` }).click();
  const editor = page.getByRole('dialog');
  await expect(editor.getByLabel('Form name')).toHaveValue(formName);
  await expect(editor.getByText(label, { exact: true })).toBeVisible();
  await expectNoScriptRan(page, dialogs);

  // The public page, as a visitor with no session sees it.
  const context = await browser.newContext();
  try {
    const visit = await context.newPage();
    const visitorDialogs: string[] = [];
    visit.on('dialog', (dialog) => {
      visitorDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await visit.goto(`/forms/${formId}`);
    await expect(visit.getByRole('heading', { level: 1, name: formName })).toHaveText(formName);
    await expect(visit.getByLabel(label, { exact: true })).toBeVisible();
    await visit.getByLabel(label, { exact: true }).fill(markup);
    await visit.getByRole('button', { name: 'Submit' }).click();
    await expect(visit.getByText('Thank you for your submission!')).toBeVisible();
    await expectNoScriptRan(visit, visitorDialogs);
  } finally {
    await context.close();
  }
});
