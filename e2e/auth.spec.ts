import { expect, PASSWORD, registerElsewhere, test, uniqueEmail } from './support/fixtures';

test.describe('sign-up and sign-in', () => {
  test('a visitor signs up and lands on the dashboard with their initials', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Ann Marie Smith');
    await page.getByLabel('Email Address').fill(uniqueEmail());
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome back, Ann' })).toBeVisible();
    const profileLink = page.getByRole('link', { name: /Ann Marie Smith/ });
    await expect(profileLink).toHaveAttribute('href', '/app/profile');
    await expect(profileLink.getByText('AM', { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back, Ann' })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });

  test("after sign-up the app's loading screen follows the form: the public header does not show over a blank page", async ({
    page,
  }) => {
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Flash Free');
    await page.getByLabel('Email Address').fill(uniqueEmail());
    await page.getByLabel('Password').fill(PASSWORD);
    // Every state the page's DOM passes through, from the submit on: is the sign-up form there, is the header's link?
    await page.evaluate(() => {
      const states: Array<{ form: boolean; getStarted: boolean }> = [];
      const record = () => {
        const links = [...document.querySelectorAll('header a')];
        states.push({
          form: Boolean(document.querySelector('form input[name="name"]')),
          getStarted: links.some((link) => link.textContent?.trim() === 'Get Started'),
        });
      };
      new MutationObserver(record).observe(document.body, { childList: true, subtree: true });
      Object.assign(window, { signUpStates: states });
    });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Flash' })).toBeVisible();

    const states = await page.evaluate(
      () => (window as unknown as { signUpStates: Array<{ form: boolean; getStarted: boolean }> }).signUpStates,
    );
    const formGone = states.findIndex((state) => !state.form);
    expect(formGone).toBeGreaterThanOrEqual(0);
    expect(states.slice(formGone).filter((state) => state.getStarted)).toEqual([]);
  });

  test('the form checks fields before sending', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Full Name is required')).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByLabel('Password').fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('signing up twice with one e-mail shows the duplicate message', async ({ page, browser }) => {
    const { email } = await registerElsewhere(browser);

    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Ann Again');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByRole('alert')).toHaveText(
      'This email is already registered. Please sign in or use a different email.',
    );
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('a wrong password shows "Invalid email or password"', async ({ page, browser }) => {
    const { email } = await registerElsewhere(browser);

    await page.goto('/signin');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill('Wrong-Password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('a registered user signs in', async ({ page, browser }) => {
    const { email } = await registerElsewhere(browser, 'Bob Stone');

    await page.goto('/signin');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByText('Signed in successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome back, Bob' })).toBeVisible();
  });

  test('signing out returns to /signin and the app stays closed', async ({ page, signedIn }) => {
    await page.goto('/app/dashboard');
    await expect(page.getByText(signedIn.email)).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin$/);

    await page.goto('/app/dashboard');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('a signed-in user who opens /signin or /signup goes to the dashboard', async ({ page, signedIn }) => {
    await page.goto('/signin');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByText(signedIn.email)).toBeVisible();
  });

  test('signing out in another tab sends this tab to /signin', async ({ page, signedIn }) => {
    await page.goto('/app/contacts');
    await expect(page.getByText(signedIn.email)).toBeVisible();
    const second = await page.context().newPage();
    await second.goto('/app/dashboard');
    await second.getByRole('button', { name: 'Sign out' }).click();
    await expect(second).toHaveURL(/\/signin$/);

    await expect(page).toHaveURL(/\/signin$/);
  });
});
