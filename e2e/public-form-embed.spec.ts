import { formEmbedCode, formMessages } from '../common/form-rules';
import { expect, test, unique, uniqueEmail } from './support/fixtures';
import { SUCCESS, createForm, leadFields, serveSite, submissionsOf, visitor } from './support/public-form';

// The form embedded in a page of another website by the widget: submitted inside its frame, which follows the
// form's height.

test.describe('public form', () => {
  test('a page on another website embeds the form with the widget; a visitor submits inside it and it resizes', async ({
    page,
    browser,
    baseURL,
    signedIn: _,
  }) => {
    test.slow();
    const fields = leadFields();
    const name = unique('Embedded');
    const { id } = await createForm(page, name, fields);
    const site = await serveSite(
      `<!doctype html><html lang="en"><head><title>Acme</title></head><body><h1>Acme</h1>${formEmbedCode(baseURL!, id)}</body></html>`,
    );
    const [context, visit] = await visitor(browser);
    try {
      await visit.goto(`${site.origin}/`);
      const frameElement = visit.locator('iframe[title="Form"]');
      await expect(frameElement).toHaveCount(1);
      await expect(frameElement).toHaveAttribute(
        'src',
        `${baseURL}/forms/${id}?embed=${encodeURIComponent(site.origin)}`,
      );
      const frame = visit.frameLocator('iframe[title="Form"]');
      await expect(frame.getByRole('heading', { level: 1, name })).toBeVisible();

      const height = async () => parseInt(await frameElement.evaluate((el) => (el as HTMLElement).style.height), 10);
      // The page reported its height: the frame left its initial one, and the form inside does not scroll.
      await expect.poll(height).not.toBe(560);
      const fitted = await height();
      await expect
        .poll(() => frame.locator('html').evaluate((html) => html.scrollHeight - window.innerHeight))
        .toBeLessThanOrEqual(1);

      // The validation messages make the form taller, and the frame with it.
      await frame.getByRole('button', { name: formMessages.submit, exact: true }).click();
      await expect(frame.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
      await expect.poll(height).toBeGreaterThan(fitted);
      const withErrors = await height();

      await frame.getByLabel('Full Name').fill('Emma Embed');
      await frame.getByLabel('Work Email').fill(uniqueEmail('emma'));
      await frame.getByRole('checkbox', { name: 'Support' }).check();
      await frame.getByRole('button', { name: formMessages.submit, exact: true }).click();
      await expect(frame.getByText(SUCCESS)).toBeVisible();
      // The success message is shorter than the form: the frame shrinks to it.
      await expect.poll(height).toBeLessThan(withErrors);

      const stored = await submissionsOf(page, id);
      expect(stored).toHaveLength(1);
      expect(stored[0]!.data).toMatchObject({ [fields.name.id]: 'Emma Embed', [fields.interests.id]: ['Support'] });
    } finally {
      await context.close();
      await site.close();
    }
  });
});
