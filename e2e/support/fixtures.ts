import { test as base, expect, type Browser, type Page } from '@playwright/test';

export { expect };

export const PASSWORD = 'Correct-Horse-42';

/** A never-used address, so tests can run in any order and in parallel. */
export function uniqueEmail(prefix = 'ann'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

/** A name with a random tail, so a test finds its own records among those of the user's other tests. */
export const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** Signs a user up through the API; page.request shares its cookies with the page. */
export async function signUpViaApi(page: Page, name = 'Ann Smith'): Promise<TestUser> {
  const user = { name, email: uniqueEmail(), password: PASSWORD };
  const response = await page.request.post('/api/auth/sign-up', { data: user });
  expect(response.status(), await response.text()).toBe(201);
  return user;
}

/** An existing account, made in a browser context of its own so this page stays signed out. */
export async function registerElsewhere(browser: Browser, name?: string): Promise<TestUser> {
  const context = await browser.newContext();
  try {
    return await signUpViaApi(await context.newPage(), name);
  } finally {
    await context.close();
  }
}

export const test = base.extend<{ signedIn: TestUser }>({
  signedIn: async ({ page }, use) => {
    await use(await signUpViaApi(page));
  },
});
