import { describe, expect, it } from 'vitest';
import { accessNeeded, apiKeyAreaOf, apiKeyFormSchema, apiKeyInputSchema, grants, outOfScope } from './api-keys';

describe('API key areas and scopes', () => {
  it('gives each area’s routes their area, by the first segment after /api', () => {
    expect(apiKeyAreaOf('/api/contacts')).toBe('contacts');
    expect(apiKeyAreaOf('/api/contacts/:id/details')).toBe('contacts');
    expect(apiKeyAreaOf('/api/pipelines/:id/stages')).toBe('deals');
    expect(apiKeyAreaOf('/api/deals/:dealId/activities')).toBe('deals');
    expect(apiKeyAreaOf('/api/task-categories')).toBe('tasks');
    expect(apiKeyAreaOf('/api/projects/board')).toBe('tasks');
    expect(apiKeyAreaOf('/api/bookings/:id/cancel')).toBe('calendar');
    expect(apiKeyAreaOf('/api/calendar')).toBe('calendar');
    expect(apiKeyAreaOf('/api/forms/:id/submissions.csv')).toBe('forms');
    expect(apiKeyAreaOf('/api/chatbots/:id/knowledge')).toBe('chatbots');
  });

  it('gives no area to personal routes, those of other areas, or a look-alike', () => {
    for (const path of [
      '/api/me',
      '/api/api-keys',
      '/api/email/messages',
      '/api/email-accounts',
      '/api/settings/ai',
      '/api/profile',
      '/api/workspace/members',
      '/api/search',
      '/api/notifications',
      '/api/dashboard',
      '/api/calendar/integration',
      '/api/calendar/integration/token',
      '/api/contacts/:id/emails',
      '/api/deals/:id/emails',
      '/api/contactsx',
      '/api/public/forms/:id',
      '/contacts',
      '',
    ])
      expect([path, apiKeyAreaOf(path)]).toEqual([path, null]);
  });

  it('lets reads through read or write, and writes through write only', () => {
    expect(accessNeeded('GET')).toBe('read');
    expect(accessNeeded('HEAD')).toBe('read');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(accessNeeded(method)).toBe('write');
    expect(grants({ contacts: 'read' }, 'contacts', 'read')).toBe(true);
    expect(grants({ contacts: 'read' }, 'contacts', 'write')).toBe(false);
    expect(grants({ contacts: 'write' }, 'contacts', 'read')).toBe(true);
    expect(grants({ contacts: 'write' }, 'deals', 'read')).toBe(false);
    expect(outOfScope('tasks', 'write')).toBe('This API key cannot change projects and tasks.');
  });

  it('turns the dialog’s choices into the route’s body', () => {
    const scopes = {
      contacts: 'read',
      deals: 'write',
      tasks: 'none',
      calendar: 'none',
      forms: 'none',
      chatbots: 'none',
    };
    const body = apiKeyFormSchema.parse({ name: ' Zapier ', expiry: 'never', scopes });
    expect(body).toEqual({ name: 'Zapier', expiresInDays: null, scopes: { contacts: 'read', deals: 'write' } });
    expect(apiKeyInputSchema.parse(body)).toEqual(body);
    expect(apiKeyFormSchema.parse({ name: 'x', expiry: '365', scopes }).expiresInDays).toBe(365);
    expect(
      apiKeyFormSchema.safeParse({ name: 'x', expiry: '90', scopes: { ...scopes, contacts: 'none', deals: 'none' } })
        .success,
    ).toBe(false);
  });
});
