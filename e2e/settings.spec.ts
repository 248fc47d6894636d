import { expect, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';

// The settings hub, and its screens on a phone. The scheduling screen is in settings-scheduling.spec.ts, the AI
// configuration in settings-ai.spec.ts.

const hubLinks = [
  { name: /AI Configuration/, description: 'OpenAI, Anthropic and Google AI keys', url: /\/app\/settings\/ai$/ },
  { name: /Calendar Integration/, description: 'Google Calendar keys', url: /\/app\/settings\/calendar$/ },
  { name: /Pipeline Settings/, description: null, url: /\/app\/settings\/pipelines$/ },
  { name: /Forms/, description: 'Lead capture forms and submissions', url: /\/app\/forms$/ },
  {
    name: /Email Settings/,
    description: "Email accounts and an autoresponder provider's keys",
    url: /\/app\/settings\/email$/,
  },
  { name: /Notifications/, description: 'What the bell tells you about', url: /\/app\/settings\/notifications$/ },
  {
    name: /Scheduling Settings/,
    description: 'Your booking link, time zone, notice and embed code',
    url: /\/app\/settings\/scheduling$/,
  },
  {
    name: /Team/,
    description: 'Your workspace, its members and their invitations',
    url: /\/app\/settings\/team$/,
  },
  {
    name: /API Keys/,
    description: 'Keys for your other tools to read and change your CRM',
    url: /\/app\/settings\/api-keys$/,
  },
  {
    name: /Webhooks/,
    description: 'Send your CRM’s events to your other tools',
    url: /\/app\/settings\/webhooks$/,
  },
];

test.describe('settings', () => {
  test('the hub links to each settings screen', async ({ page, signedIn: _ }) => {
    await page.goto('/app/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('listitem')).toHaveCount(hubLinks.length);
    for (const link of hubLinks) {
      const anchor = main.getByRole('link', { name: link.name });
      if (link.description) await expect(anchor).toContainText(link.description);
      await anchor.click();
      await expect(page).toHaveURL(link.url);
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    }
  });

  test('on a phone nothing overflows, and the three screens pass axe', async ({ page, signedIn: _ }) => {
    test.slow();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/app/settings');
      await expect(page.getByRole('main').getByRole('link', { name: /AI Configuration/ })).toBeVisible();
      if (width === 390) expect(await overflow()).toBeLessThanOrEqual(0);
      else await expectNoSeriousViolations(page);

      await page.goto('/app/settings/scheduling');
      await expect(page.getByRole('button', { name: 'Copy Code' })).toBeVisible();
      await page.getByRole('button', { name: 'Show Preview' }).click();
      await expect(page.getByRole('button', { name: 'Hide Preview' })).toBeVisible();
      if (width === 390) expect(await overflow()).toBeLessThanOrEqual(0);
      else await expectNoSeriousViolations(page);

      await page.goto('/app/settings/ai');
      await expect(page.getByLabel('API Key')).toBeVisible();
      if (width === 390) expect(await overflow()).toBeLessThanOrEqual(0);
      else await expectNoSeriousViolations(page);
    }
  });
});
