import { expect, test, unique } from './support/fixtures';
import { createTask } from './support/calendar';

// The calendar integration: Google's keys with the secret masked, and the private feed until it is regenerated.

test.describe('calendar integration', () => {
  test('keys are saved with the secret masked, and the private feed serves the calendar until regenerated', async ({
    page,
    context,
    request,
    signedIn: _,
  }) => {
    test.slow();
    const taskName = unique('Quarterly review');
    await createTask(page, taskName, new Date(Date.now() + 86_400_000).toISOString());
    const clientId = `${unique('client').replace(' ', '-')}.apps.googleusercontent.com`;
    const secret = `GOCSPX-${Math.random().toString(36).slice(2, 14)}`;

    await page.goto('/app/settings/calendar');
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar Integration' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Google Calendar' });
    await expect(form.getByText('No secret is stored yet.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Remove secret' })).toHaveCount(0);
    await form.getByLabel('Client ID').fill(clientId);
    await form.getByLabel('Client Secret').fill(secret);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Calendar integration saved successfully')).toBeVisible();

    await page.reload();
    await expect(form.getByLabel('Client ID')).toHaveValue(clientId);
    const secretField = form.getByLabel('Client Secret');
    await expect(secretField).toHaveAttribute('type', 'password');
    await expect(secretField).toHaveValue('');
    await expect(secretField).toHaveAttribute('placeholder', /^•+/);
    expect(await secretField.getAttribute('placeholder')).not.toContain(secret);
    await expect(form.getByText('It stays unchanged unless you type a new one.')).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    // Saving with the secret left empty keeps it.
    const masked = await secretField.getAttribute('placeholder');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Calendar integration saved successfully')).toHaveCount(1);
    const stored = await (await page.request.get('/api/calendar/integration')).json();
    expect(stored.googleClientSecretMasked).toBe(masked);

    // The feed: public, text/calendar, with the user's task.
    const urlField = page.getByLabel('Subscription URL');
    const feedUrl = await urlField.inputValue();
    expect(feedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/feed\/.+\.ics$/);
    await expect(urlField).toHaveAttribute('readonly', '');
    const feed = await request.get(feedUrl);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await feed.text()).toContain(taskName);

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText('Subscription URL copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);

    // Regenerating: asked first, then the old URL stops working.
    await page.getByRole('button', { name: 'Regenerate URL' }).click();
    const confirm = page.getByRole('dialog', { name: 'Regenerate URL' });
    await expect(confirm.getByText(/old URL stops working/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Regenerate URL' }).click();
    await expect(page.getByText('Subscription URL regenerated. The old URL no longer works.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(urlField).not.toHaveValue(feedUrl);
    const newUrl = await urlField.inputValue();
    expect((await request.get(feedUrl)).status()).toBe(404);
    expect((await request.get(newUrl)).status()).toBe(200);

    // Removing the secret.
    await form.getByRole('button', { name: 'Remove secret' }).click();
    await expect(form.getByText('No secret is stored yet.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Remove secret' })).toHaveCount(0);
    await expect(form.getByLabel('Client ID')).toHaveValue(clientId);
    expect((await (await page.request.get('/api/calendar/integration')).json()).googleClientSecretMasked).toBeNull();
  });

  test('a client id over 300 characters is refused with its message', async ({ page, signedIn: _ }) => {
    await page.goto('/app/settings/calendar');
    const form = page.getByRole('form', { name: 'Google Calendar' });
    await form.getByLabel('Client ID').fill('x'.repeat(301));
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form.getByText('Client ID must be at most 300 characters')).toBeVisible();
    await expect(form.getByLabel('Client ID')).toHaveAttribute('aria-invalid', 'true');
  });
});
