import { expect, test } from './support/fixtures';
import { aiMessages } from '../common/ai-config';
import { expectNoSeriousViolations, toast } from './support/helpers';

// The AI configuration: a key saved and only shown masked, any model id, an OpenAI-compatible endpoint, and a
// failed save or load.

test.describe('settings', () => {
  test('an AI key is saved and only ever shown masked', async ({ page, signedIn: _ }) => {
    test.slow();
    const key = `sk-ant-${Math.random().toString(36).slice(2, 12)}${Math.random().toString(36).slice(2, 8)}`;
    await page.goto('/app/settings/ai');
    await expect(page.getByRole('heading', { level: 1, name: 'AI Configuration' })).toBeVisible();
    const form = page.getByRole('form', { name: 'AI Provider' });
    const provider = form.getByLabel('Provider');
    const model = form.getByLabel('Model', { exact: true });
    const apiKey = form.getByLabel('API Key');
    await expect(provider).toHaveValue('openai');
    await expect(model).toHaveValue('gpt-4');
    await expect(form.getByText('No key is stored yet.')).toBeVisible();

    // The first save needs a key.
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form.getByText('API key is required')).toBeVisible();

    // The model follows the provider, starting at its first one.
    await provider.selectOption('google');
    await expect(model).toHaveValue('gemini-1.5-pro');
    await expect(model.getByRole('option')).toHaveText(['gemini-1.5-pro', 'gemini-1.5-ultra', 'Other model']);
    await provider.selectOption('anthropic');
    await expect(model).toHaveValue('claude-3-opus');
    await model.selectOption('claude-3-sonnet');
    await expect(apiKey).toHaveAttribute('type', 'password');
    await apiKey.fill(key);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'AI configuration saved successfully')).toBeVisible();
    await expect(apiKey).toHaveValue('');

    await page.reload();
    await expect(provider).toHaveValue('anthropic');
    await expect(model).toHaveValue('claude-3-sonnet');
    await expect(form.getByText(`Current key: ••••••••${key.slice(-4)}`)).toBeVisible();
    await expect(apiKey).toHaveValue('');
    expect(await page.content()).not.toContain(key);

    // Saving with the field empty keeps the key.
    await model.selectOption('claude-3-haiku');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'AI configuration saved successfully')).toBeVisible();
    const stored = await (await page.request.get('/api/settings/ai')).json();
    expect(stored).toEqual({
      provider: 'anthropic',
      model: 'claude-3-haiku',
      apiKeyMasked: `••••••••${key.slice(-4)}`,
      baseUrl: null,
    });
    expect(await page.content()).not.toContain(key);
  });

  test('any model id is saved under Other model, and an OpenAI-compatible endpoint with its base URL', async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    await page.goto('/app/settings/ai');
    const form = page.getByRole('form', { name: 'AI Provider' });
    const provider = form.getByLabel('Provider');
    const save = form.getByRole('button', { name: 'Save', exact: true });
    await expect(provider).toHaveValue('openai');
    await expect(provider.getByRole('option')).toHaveText([
      'OpenAI',
      'Anthropic',
      'Google',
      'OpenAI-compatible endpoint',
    ]);
    await expect(form.getByLabel('Base URL')).toHaveCount(0);

    // Other model: a field for the id appears, and the id is checked.
    await form.getByLabel('Model', { exact: true }).selectOption({ label: 'Other model' });
    const modelId = form.getByLabel('Model ID');
    await modelId.fill('gpt 4o');
    await form.getByLabel('API Key').fill('sk-test-other-model-1234');
    await save.click();
    await expect(form.getByText(aiMessages.modelFormat)).toBeVisible();
    await expect(modelId).toHaveAttribute('aria-invalid', 'true');
    await modelId.fill('gpt-4o-mini');
    await save.click();
    await expect(toast(page, 'AI configuration saved successfully')).toBeVisible();
    await page.reload();
    await expect(form.getByLabel('Model ID')).toHaveValue('gpt-4o-mini');

    // The endpoint: a base URL, a model typed, and no key needed.
    await provider.selectOption({ label: 'OpenAI-compatible endpoint' });
    const baseUrl = form.getByLabel('Base URL');
    await expect(baseUrl).toBeVisible();
    await expect(form.getByLabel('Model ID')).toHaveCount(0);
    await form.getByLabel('Model', { exact: true }).fill('llama3.1:8b');
    await expect(form.getByText(/Optional: only if the endpoint asks for one/)).toBeVisible();
    await save.click();
    await expect(form.getByText(aiMessages.baseUrlRequired)).toBeVisible();
    await baseUrl.fill('localhost:11434');
    await save.click();
    await expect(form.getByText(aiMessages.baseUrlInvalid)).toBeVisible();
    await baseUrl.fill('http://localhost:11434/v1');
    await save.click();
    await expect(toast(page, 'AI configuration saved successfully')).toBeVisible();
    expect(await (await page.request.get('/api/settings/ai')).json()).toEqual({
      provider: 'openaiCompatible',
      model: 'llama3.1:8b',
      apiKeyMasked: null,
      baseUrl: 'http://localhost:11434/v1',
    });
    await page.reload();
    await expect(provider).toHaveValue('openaiCompatible');
    await expect(baseUrl).toHaveValue('http://localhost:11434/v1');
    await expect(form.getByLabel('Model', { exact: true })).toHaveValue('llama3.1:8b');
    expect(await page.content()).not.toContain('sk-test-other-model-1234');
    await expectNoSeriousViolations(page);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(baseUrl).toBeVisible();
    // Polled: read at once after the resize, the page can still have the wide layout's width.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
  });

  test('a failed save of the AI configuration says so', async ({ page, signedIn: _ }) => {
    await page.goto('/app/settings/ai');
    const form = page.getByRole('form', { name: 'AI Provider' });
    await expect(form.getByLabel('Provider')).toHaveValue('openai');
    await page.route(
      (url) => url.pathname === '/api/settings/ai',
      (route) =>
        route.request().method() === 'PUT' ? route.fulfill({ status: 500, json: { error: 'boom' } }) : route.fallback(),
    );
    await form.getByLabel('API Key').fill('sk-some-key-1234');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Failed to save AI configuration')).toBeVisible();
  });

  test('a failed load of the AI configuration says so', async ({ page, signedIn: _ }) => {
    await page.route(
      (url) => url.pathname === '/api/settings/ai',
      (route) => route.fulfill({ status: 500, json: { error: 'boom' } }),
    );
    await page.goto('/app/settings/ai');
    await expect(toast(page, 'Failed to load AI configuration')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry', exact: true })).toBeVisible();
  });
});
