import { fieldMessages, formMessages } from '../common/form-rules';
import { expect, test, unique, uniqueEmail } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';
import { SUCCESS, createForm, leadFields, serveSite, submissionsOf, visitor } from './support/public-form';

// A visitor on a form's own page: checked, stored, redirected, on a phone and by keyboard, and warned against
// sending passwords whatever the form's CSS. The form embedded in another website is in public-form-embed.spec.ts.

test.describe('public form', () => {
  test('a visitor submits: a missing required field is shown beside it and nothing is stored, then it is stored', async ({
    page,
    browser,
    signedIn: _,
  }) => {
    test.slow();
    const fields = leadFields();
    const name = unique('Contact us');
    const { id, body } = await createForm(page, name, fields, {
      style: { primaryColor: '#B91C1C', customCss: 'h1 { letter-spacing: 3px; }' },
    });

    const [context, visit] = await visitor(browser);
    try {
      await visit.goto(`/forms/${id}`);
      const heading = visit.getByRole('heading', { level: 1, name });
      await expect(heading).toBeVisible();
      await expect(visit.getByText('Tell us about your team')).toBeVisible();
      // The form's style and its own CSS, scoped under the form's root.
      await expect(heading).toHaveCSS('letter-spacing', '3px');
      const submit = visit.getByRole('button', { name: formMessages.submit, exact: true });
      await expect(submit).toHaveCSS('background-color', 'rgb(185, 28, 28)');
      await expect(visit.getByLabel('Full Name')).toHaveAttribute('placeholder', 'Jane Doe');
      await expect(visit.getByLabel('Work Email')).toHaveAccessibleDescription('We reply to this address');

      // Checked in the browser with the server's rules: the messages beside the fields, the first one focused.
      await visit.getByLabel('Full Name').fill('Vera Visitor');
      await visit.getByLabel('Team size').fill('a dozen');
      await submit.click();
      const email = visit.getByLabel('Work Email');
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription(`${fieldMessages.required} We reply to this address`);
      await expect(email).toBeFocused();
      await expect(visit.getByRole('group', { name: 'Interests' })).toContainText(fieldMessages.required);
      await expect(visit.getByLabel('Team size')).toHaveAccessibleDescription(fieldMessages.numeric);
      await expect(visit.getByRole('alert')).toHaveText(formMessages.fixFields);
      expect(await submissionsOf(page, id)).toHaveLength(0);

      // The owner makes Comments required while the visitor is on the page: the server's 400 shows the same way.
      const required = { ...fields, comments: { ...fields.comments, required: true } };
      const update = await page.request.put(`/api/forms/${id}`, { data: { ...body, fields: Object.values(required) } });
      expect(update.status(), await update.text()).toBe(200);

      const address = uniqueEmail('vera');
      await email.fill(address);
      await expect(email).not.toHaveAttribute('aria-invalid');
      await visit.getByLabel('Team size').fill('12');
      await visit.getByLabel('Budget').selectOption('Large');
      await visit.getByRole('checkbox', { name: 'Support' }).check();
      await visit.getByRole('checkbox', { name: 'Sales' }).check();
      await visit.getByRole('radio', { name: 'Post' }).check();
      await submit.click();
      const comments = visit.getByLabel('Comments');
      await expect(comments).toHaveAttribute('aria-invalid', 'true');
      await expect(comments).toHaveAccessibleDescription(fieldMessages.required);
      await expect(comments).toBeFocused();
      expect(await submissionsOf(page, id)).toHaveLength(0);

      await comments.fill('Call after 5pm');
      await submit.click();
      await expect(visit.getByRole('status').getByText(SUCCESS)).toBeVisible();
      const stored = await submissionsOf(page, id);
      expect(stored).toHaveLength(1);
      expect(stored[0]!.data).toMatchObject({
        [fields.name.id]: 'Vera Visitor',
        [fields.email.id]: address,
        [fields.size.id]: '12',
        [fields.budget.id]: 'Large',
        [fields.interests.id]: ['Sales', 'Support'],
        [fields.channel.id]: 'Post',
        [fields.comments.id]: 'Call after 5pm',
      });

      // Another response starts empty and is stored as a second submission (a fresh idempotency key).
      await visit.getByRole('button', { name: formMessages.submitAnother }).click();
      await expect(visit.getByLabel('Full Name')).toHaveValue('');
      await expect(visit.getByLabel('Full Name')).toBeFocused();
      await visit.getByLabel('Full Name').fill('Walt Second');
      await visit.getByLabel('Work Email').fill(uniqueEmail('walt'));
      await visit.getByRole('checkbox', { name: 'Billing' }).check();
      await visit.getByLabel('Comments').fill('Second response');
      await submit.click();
      await expect(visit.getByRole('status').getByText(SUCCESS)).toBeVisible();
      await expect.poll(async () => (await submissionsOf(page, id)).length).toBe(2);
      expect((await submissionsOf(page, id))[0]!.data[fields.name.id]).toBe('Walt Second');
    } finally {
      await context.close();
    }
  });

  test('a form with a redirect URL sends the visitor there after submitting', async ({
    page,
    browser,
    signedIn: _,
  }) => {
    const site = await serveSite(
      '<!doctype html><html lang="en"><title>Acme</title><h1>Thanks from Acme</h1>',
      'localhost',
    );
    const [context, visit] = await visitor(browser);
    try {
      const fields = leadFields();
      const { id } = await createForm(page, unique('Redirecting'), fields, {
        settings: { redirectUrl: `${site.origin}/thanks?from=form` },
      });
      await visit.goto(`/forms/${id}`);
      await visit.getByLabel('Full Name').fill('Rita Redirect');
      await visit.getByLabel('Work Email').fill(uniqueEmail('rita'));
      await visit.getByRole('checkbox', { name: 'Sales' }).check();
      await visit.getByRole('button', { name: formMessages.submit, exact: true }).click();
      await expect(visit).toHaveURL(`${site.origin}/thanks?from=form`);
      await expect(visit.getByRole('heading', { name: 'Thanks from Acme' })).toBeVisible();
      expect(await submissionsOf(page, id)).toHaveLength(1);
    } finally {
      await context.close();
      await site.close();
    }
  });

  test('an unknown form says it is not available', async ({ browser }) => {
    const [context, visit] = await visitor(browser);
    try {
      await visit.goto('/forms/00000000-0000-4000-8000-000000000000');
      await expect(visit.getByRole('heading', { level: 1, name: formMessages.formNotFound })).toBeVisible();
      await visit.goto('/forms/not-a-form');
      await expect(visit.getByRole('heading', { level: 1, name: formMessages.formNotFound })).toBeVisible();
      await expect(visit.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('the form works on a phone and by keyboard, with no serious accessibility violations', async ({
    page,
    browser,
    signedIn: _,
  }) => {
    const fields = leadFields();
    const name = unique('Phone form');
    const { id } = await createForm(page, name, fields, { style: { theme: 'dark', borderRadius: 'full' } });
    const [context, visit] = await visitor(browser, 390);
    try {
      await visit.goto(`/forms/${id}`);
      await expect(visit.getByRole('heading', { level: 1, name })).toBeVisible();
      const overflow = await visit.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(visit);

      // The honeypot is neither announced nor reached by Tab: from the last field, Tab goes to Submit.
      await expect(visit.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);
      await visit.getByLabel('Comments').focus();
      await visit.keyboard.press('Tab');
      await expect(visit.getByRole('button', { name: formMessages.submit, exact: true })).toBeFocused();
      await visit.keyboard.press('Enter');
      await expect(visit.getByLabel('Full Name')).toBeFocused();
      await expect(visit.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousViolations(visit);
    } finally {
      await context.close();
    }
  });

  test("a line under the form warns against sending passwords, and the form's custom CSS can neither hide nor cover it", async ({
    page,
    browser,
    signedIn: _,
  }) => {
    const customCss = [
      ':root + p, html ~ p, body ~ *, p { display: none !important; }',
      ':root { position: fixed; inset: 0; z-index: 2147483647; margin-bottom: -400px; padding-bottom: 3000px; }',
      'form::after { content: ""; position: absolute; left: -100vw; width: 300vw; top: 100%; height: 100vh; background: #fff; z-index: 2147483647; }',
      ':root { & ~ p { display: none } }',
    ].join('\n');
    const plain = await createForm(page, unique('Plain'), leadFields());
    const name = unique('Sign in');
    const dressed = await createForm(page, name, leadFields(), { style: { customCss } });
    for (const width of [1280, 375]) {
      const [context, visit] = await visitor(browser, width);
      try {
        // Under the submit button.
        await visit.goto(`/forms/${plain.id}`);
        const warning = visit.getByText(formMessages.noPasswords);
        await expect(warning).toBeVisible();
        // Sticky at the bottom of the window while the form goes on below; at the form's end, it rests under it.
        await visit.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const submit = await visit.getByRole('button', { name: formMessages.submit, exact: true }).boundingBox();
        expect((await warning.boundingBox())!.y).toBeGreaterThan(submit!.y + submit!.height);
        await expectNoSeriousViolations(visit);

        // A form dressed up as a sign-in page cannot hide the line, push it away or paint over it: the topmost
        // element at its middle is the line itself.
        await visit.goto(`/forms/${dressed.id}`);
        await expect(visit.getByRole('heading', { level: 1, name })).toBeAttached();
        await expect(warning).toBeVisible();
        await expect(warning).toBeInViewport();
        const topmost = await warning.evaluate((line) => {
          const rect = line.getBoundingClientRect();
          const found = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
          return found !== null && line.contains(found);
        });
        expect(topmost).toBe(true);
        await expectNoSeriousViolations(visit);
      } finally {
        await context.close();
      }
    }
  });
});
