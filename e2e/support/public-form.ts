import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { FormField } from '../../common/form-rules';
import { expect } from './fixtures';

// What the public form specs (e2e/public-form*.spec.ts) share: an owner's form of several field types, its stored
// submissions, a visitor without a session, and a website of another origin.

export const SUCCESS = 'Thanks! We will be in touch within a day.';

/** A form of several field types, the ids known to the test. */
export function leadFields() {
  const fields = {
    name: { id: randomUUID(), type: 'name', label: 'Full Name', required: true, placeholder: 'Jane Doe' },
    email: {
      id: randomUUID(),
      type: 'email',
      label: 'Work Email',
      required: true,
      helpText: 'We reply to this address',
    },
    size: { id: randomUUID(), type: 'text', label: 'Team size', required: false, validation: 'numeric' },
    budget: { id: randomUUID(), type: 'select', label: 'Budget', required: false, options: ['Small', 'Large'] },
    interests: {
      id: randomUUID(),
      type: 'checkbox',
      label: 'Interests',
      required: true,
      options: ['Sales', 'Support', 'Billing'],
    },
    channel: { id: randomUUID(), type: 'radio', label: 'Reach me by', required: false, options: ['Phone', 'Post'] },
    comments: { id: randomUUID(), type: 'textarea', label: 'Comments', required: false },
  } satisfies Record<string, FormField>;
  return fields;
}

export type Fields = ReturnType<typeof leadFields>;

interface FormOptions {
  settings?: Record<string, unknown>;
  style?: Record<string, unknown>;
}

export async function createForm(page: Page, name: string, fields: Fields, options: FormOptions = {}) {
  const body = {
    name,
    description: 'Tell us about your team',
    fields: Object.values(fields),
    settings: { successMessage: SUCCESS, ...options.settings },
    style: options.style ?? {},
  };
  const response = await page.request.post('/api/forms', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  const form = (await response.json()) as { id: string };
  return { id: form.id, body };
}

/** The owner's stored submissions of the form, newest first. */
export async function submissionsOf(page: Page, formId: string) {
  const response = await page.request.get(`/api/forms/${formId}/submissions`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: Array<{ data: Record<string, string | string[]> }> }).items;
}

/** A visitor without a session. */
export async function visitor(browser: Browser, width?: number): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext(width ? { viewport: { width, height: 800 } } : {});
  return [context, await context.newPage()];
}

/**
 * A tiny website on a port of its own (another origin than the app's). `localhost` listens on every loopback
 * address: a redirect URL needs a host name, and the browser may resolve it to ::1 or 127.0.0.1.
 */
export async function serveSite(html: string, host: '127.0.0.1' | 'localhost' = '127.0.0.1') {
  const site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) =>
    host === 'localhost' ? site.listen(0, resolve) : site.listen(0, host, resolve),
  );
  const origin = `http://${host}:${(site.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise((resolve) => site.close(resolve)) };
}
