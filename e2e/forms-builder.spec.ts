import type { Page } from '@playwright/test';
import { fieldDefaults, formMessages } from '../common/form-rules';
import { expect, test, unique } from './support/fixtures';
import { fieldRows, rowNames } from './support/forms';
import { expectNoSeriousViolations, toast } from './support/helpers';

// The form builder on an existing form: its refusals, its size whatever the tab and the screen, and the list and
// builder on a phone.

/** A form made through the API, for the tests that are not about building one. */
async function createForm(page: Page, name: string) {
  const fields = (['name', 'email', 'select', 'textarea'] as const).map((type) => ({
    id: crypto.randomUUID(),
    type,
    ...fieldDefaults[type],
  }));
  const response = await page.request.post('/api/forms', {
    data: { name, description: 'Tell us about your project and we will get back to you.', fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('forms', () => {
  test('an existing form is updated; a bad redirect URL and a blank name are refused with their messages', async ({
    page,
    signedIn: _,
  }) => {
    const name = unique('Newsletter');
    await createForm(page, name);
    await page.goto('/app/forms');
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Form' });
    await expect(fieldRows(dialog)).toHaveText(rowNames(['Full Name', 'Email', 'Select Option', 'Comments']));

    await dialog.getByLabel('Form name').fill('  ');
    await dialog.getByRole('tab', { name: 'Settings' }).click();
    await dialog.getByLabel('Redirect URL').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: formMessages.saveExisting }).click();
    await expect(dialog.getByText(formMessages.nameRequired)).toBeVisible();
    await expect(dialog.getByText(formMessages.redirectInvalid)).toBeVisible();
    await expect(dialog.getByLabel('Redirect URL')).toHaveAttribute('aria-invalid', 'true');

    const renamed = unique('Newsletter signup');
    await dialog.getByLabel('Form name').fill(renamed);
    await dialog.getByLabel('Redirect URL').fill('https://example.com/thanks');
    await dialog.getByRole('tab', { name: 'Style' }).click();
    await dialog.getByLabel('Theme').selectOption({ label: 'System Default' });
    await dialog.getByLabel('Primary colour', { exact: true }).fill('#10B981');
    await dialog.getByRole('button', { name: formMessages.saveExisting }).click();
    await expect(toast(page, formMessages.updated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: renamed })).toBeVisible();

    // Reopened, it keeps what was saved; closing with changes asks first.
    await page.getByRole('button', { name: `Edit ${renamed}` }).click();
    await dialog.getByRole('tab', { name: 'Style' }).click();
    await expect(dialog.getByLabel('Theme')).toHaveValue('auto');
    await expect(dialog.getByLabel('Primary colour', { exact: true })).toHaveValue('#10B981');
    await dialog.getByRole('tab', { name: 'Form Fields' }).click();
    await dialog.getByRole('button', { name: 'Remove Comments' }).click();
    await expect(fieldRows(dialog)).toHaveCount(3);
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Discard changes?' });
    await discard.getByRole('button', { name: 'Discard changes' }).click();
    await expect(dialog).toBeHidden();
  });

  for (const [width, height] of [
    [1280, 720],
    [375, 812],
  ] as const) {
    test(`at ${width} px the builder keeps one height within the window whatever the tab, and every field type can be seen`, async ({
      page,
      signedIn: _,
    }) => {
      // Nine fields added and an axe run: near a minute on a loaded two-core machine.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height });
      await page.goto('/app/forms');
      await page.getByRole('button', { name: formMessages.create }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Form' });
      await expect(dialog.getByText(formMessages.emptyFields)).toBeVisible();
      const types = ['Name', 'Text', 'Email', 'Phone', 'Company', 'Website', 'Select', 'Text Area', 'Checkboxes'];
      const palette = [...types, 'Radio Buttons'].map((type) =>
        dialog.getByRole('button', { name: `Add ${type} field` }),
      );

      const heights = new Set<number>();
      for (const tab of ['Settings', 'Style', 'Preview', 'Form Fields']) {
        const box = await dialog.boundingBox();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThanOrEqual(height);
        heights.add(Math.round(box!.height));
        await dialog.getByRole('tab', { name: tab }).click();
        await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      }
      expect([...heights]).toHaveLength(1);

      if (width === 1280) {
        // All ten types at once, and they stay in view while a long list of fields scrolls in its tab.
        for (const button of palette) await expect(button).toBeInViewport({ ratio: 1 });
        for (const button of palette.slice(0, 9)) await button.click();
        await expect(fieldRows(dialog)).toHaveCount(9);
        const panel = dialog.getByRole('tabpanel', { name: 'Form Fields' });
        await panel.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
        await expect(fieldRows(dialog).last()).toBeInViewport();
        for (const button of palette) await expect(button).toBeInViewport({ ratio: 1 });
        expect(Math.round((await dialog.boundingBox())!.height)).toBe([...heights][0]);
      } else {
        for (const button of palette) {
          await button.scrollIntoViewIfNeeded();
          await expect(button).toBeInViewport({ ratio: 1 });
        }
      }
      await expect(dialog.getByRole('button', { name: formMessages.saveNew })).toBeInViewport({ ratio: 1 });
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page);
    });
  }

  test('the list and the builder fit a phone, and have no serious accessibility violations', async ({
    page,
    signedIn: _,
  }) => {
    // Several axe runs at two widths: near a minute on a loaded two-core machine.
    test.setTimeout(120_000);
    const name = unique('Contact us');
    await createForm(page, name);
    await page.goto('/app/forms');
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeInViewport();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Form' });
    await expect(fieldRows(dialog)).toHaveCount(4);
    await dialog.getByRole('button', { name: 'Edit Select Option' }).click();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);

    await dialog.getByRole('tab', { name: 'Settings' }).click();
    await dialog.getByRole('switch', { name: 'Create a deal from each submission' }).click();
    // No default pipeline yet: the builder says where to make one.
    await expect(dialog.getByRole('link', { name: 'Pipeline Settings' })).toHaveAttribute(
      'href',
      '/app/settings/pipelines',
    );
    await expectNoSeriousViolations(page);
    await dialog.getByRole('tab', { name: 'Style' }).click();
    await expect(dialog.getByLabel('Custom CSS')).toBeVisible();
    await expectNoSeriousViolations(page);
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    await expect(dialog.getByRole('heading', { name })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});
