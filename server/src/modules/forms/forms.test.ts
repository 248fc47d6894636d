import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formEmbedCode, formMessages, type Form } from '@common/forms';
import { forms } from '../../db/schema';
import { createForm, ids, leadForm, put, submission, submit } from '../../test/forms-kit';
import { buildTestApp, signUp, testConfig, type TestApp, type UserClient } from '../../test/test-app';

// The owner's forms (part 2 §4, §7): CRUD, paging newest first; only the owner's. What they received and its CSV:
// submissions.test.ts.

let t: TestApp;
let ann: UserClient;
let bob: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
});
afterAll(() => t.close());

describe('forms', () => {
  it('creates a form with the spec’s defaults, and reads it back with its embed code', async () => {
    const form = await createForm(ann, { name: '  Newsletter  ' });
    expect(form).toMatchObject({
      name: 'Newsletter',
      description: null,
      fields: [],
      settings: {
        autoCreateDeal: false,
        dealStage: 'Lead',
        notifyOnSubmission: true,
        successMessage: 'Thank you for your submission!',
        fieldMapping: {},
      },
      style: { theme: 'light', primaryColor: '#3B82F6', backgroundColor: '#FFFFFF', borderRadius: 'md' },
      submissionCount: 0,
      embedCode: formEmbedCode(testConfig.publicUrl, form.id),
    });
    expect(form.embedCode).toContain(`data-form-id="${form.id}"`);
    expect(form.embedCode).toContain(`src="${testConfig.publicUrl}/form-widget.js"`);
    expect((await ann.get(`/api/forms/${form.id}`)).json()).toEqual(form);
    const [row] = await t.database.db.select().from(forms).where(eq(forms.id, form.id));
    expect(row).toMatchObject({ userId: ann.id, name: 'Newsletter', submissionCount: 0 });
  });

  it('updates every part of a form and keeps who owns it', async () => {
    const form = await createForm(ann);
    const changed = leadForm({
      name: 'Quote request',
      description: 'Ask for a quote',
      fields: [{ id: ids.name, type: 'name', label: 'Your name', required: false }],
      settings: {
        autoCreateDeal: true,
        dealStage: 'Proposal Sent',
        redirectUrl: 'https://example.com/thanks',
        successMessage: 'Got it',
        fieldMapping: { contact_name: ids.name },
      },
      style: { theme: 'dark', borderRadius: 'full', fontFamily: 'serif', customCss: '.x { color: red }' },
    });
    const res = await put(t.app, ann, `/api/forms/${form.id}`, { ...changed, userId: bob.id, submissionCount: 99 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Quote request',
      description: 'Ask for a quote',
      fields: [{ id: ids.name, type: 'name', label: 'Your name', required: false }],
      settings: {
        autoCreateDeal: true,
        dealStage: 'Proposal Sent',
        notifyOnSubmission: true,
        redirectUrl: 'https://example.com/thanks',
        successMessage: 'Got it',
        fieldMapping: { contact_name: ids.name },
      },
      style: { theme: 'dark', borderRadius: 'full', fontFamily: 'serif', customCss: '.x { color: red }' },
      submissionCount: 0,
    });
    const [row] = await t.database.db.select().from(forms).where(eq(forms.id, form.id));
    expect(row).toMatchObject({ userId: ann.id, submissionCount: 0 });
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(row!.createdAt.getTime());
  });

  it('deletes a form with its submissions', async () => {
    const form = await createForm(ann);
    expect((await submit(t.app, form.id, submission())).statusCode).toBe(201);
    expect((await ann.delete(`/api/forms/${form.id}`)).statusCode).toBe(204);
    expect((await ann.get(`/api/forms/${form.id}`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(forms).where(eq(forms.id, form.id))).toEqual([]);
    expect((await t.app.inject({ url: `/api/public/forms/${form.id}` })).statusCode).toBe(404);
  });

  describe('bad input', () => {
    it.each([
      ['no name', { name: '' }, { name: formMessages.nameRequired }],
      ['a blank name', { name: '   ' }, { name: formMessages.nameRequired }],
      ['a missing name', { name: undefined }, { name: formMessages.nameRequired }],
      [
        'an unknown field type',
        { fields: [{ id: randomUUID(), type: 'password', label: 'x' }] },
        { 'fields.0.type': 'Unknown field type' },
      ],
      [
        'a blank label',
        { fields: [{ id: randomUUID(), type: 'text', label: ' ' }] },
        { 'fields.0.label': 'Label is required' },
      ],
      [
        'a select without options',
        { fields: [{ id: randomUUID(), type: 'select', label: 'Pick', options: [] }] },
        { 'fields.0.options': 'Add at least one option' },
      ],
      [
        'twice the same option',
        { fields: [{ id: randomUUID(), type: 'radio', label: 'Pick', options: ['A', 'A'] }] },
        { 'fields.0.options': 'Options must be different' },
      ],
      [
        'twice the same field id',
        { fields: [ids.name, ids.name].map((id) => ({ id, type: 'text', label: 'x' })) },
        { fields: 'Field ids must be unique' },
      ],
      [
        'a mapping to a field the form does not have',
        { fields: [], settings: { fieldMapping: { contact_email: randomUUID() } } },
        { 'settings.fieldMapping.contact_email': 'Map to a field of this form' },
      ],
      [
        'a colour that is not one',
        { style: { primaryColor: 'red;background:url(x)' } },
        { 'style.primaryColor': 'Use a colour like #3B82F6' },
      ],
    ])('refuses %s with the field’s message and stores nothing', async (_label, change, fields) => {
      const before = await t.database.db.select({ id: forms.id }).from(forms).where(eq(forms.userId, ann.id));
      const res = await ann.post('/api/forms', { ...leadForm(), ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toMatchObject(fields);
      expect(res.json().error).toBe(Object.values(fields)[0]);
      const after = await t.database.db.select({ id: forms.id }).from(forms).where(eq(forms.userId, ann.id));
      expect(after).toHaveLength(before.length);
    });

    it.each([
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      '/thanks',
      'ftp://example.com/',
      'https://',
      'https://exa mple.com',
      'https://evil.example\\@good.example',
    ])('refuses the redirect URL %s when saved, on create and on update', async (redirectUrl) => {
      const created = await ann.post('/api/forms', leadForm({ settings: { redirectUrl } }));
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json()).toEqual({
        error: formMessages.redirectInvalid,
        fields: { 'settings.redirectUrl': formMessages.redirectInvalid },
      });
      const form = await createForm(ann, leadForm({ settings: { redirectUrl: 'https://example.com/ok' } }));
      const updated = await put(t.app, ann, `/api/forms/${form.id}`, leadForm({ settings: { redirectUrl } }));
      expect(updated.statusCode).toBe(400);
      expect((await ann.get(`/api/forms/${form.id}`)).json().settings.redirectUrl).toBe('https://example.com/ok');
    });

    it('keeps an http or https redirect URL', async () => {
      for (const redirectUrl of ['https://example.com/thanks?x=1#y', 'http://localhost:8080/done']) {
        const form = await createForm(ann, leadForm({ settings: { redirectUrl } }));
        expect(form.settings.redirectUrl).toBe(redirectUrl);
      }
    });
  });

  describe('another user’s form', () => {
    it('answers 404 on every route and changes nothing', async () => {
      const form = await createForm(ann);
      expect((await submit(t.app, form.id, submission())).statusCode).toBe(201);
      const url = `/api/forms/${form.id}`;
      expect((await bob.get(url)).statusCode).toBe(404);
      expect((await put(t.app, bob, url, leadForm({ name: 'Taken' }))).statusCode).toBe(404);
      expect((await bob.delete(url)).statusCode).toBe(404);
      expect((await bob.get(`${url}/submissions`)).statusCode).toBe(404);
      expect((await bob.get(`${url}/submissions.csv`)).statusCode).toBe(404);
      expect((await bob.get(`${url}/submissions.csv`)).json()).toEqual({ error: 'Not found' });
      expect((await bob.get('/api/forms')).json().items.map((f: Form) => f.id)).not.toContain(form.id);
      expect((await ann.get(url)).json()).toMatchObject({ name: 'Contact us', submissionCount: 1 });
    });

    it.each(['x', '00000000-0000-0000-0000-000000000000'])('answers 404 for the id %s', async (id) => {
      for (const path of ['', '/submissions', '/submissions.csv']) {
        expect((await ann.get(`/api/forms/${id}${path}`)).statusCode).toBe(404);
      }
      expect((await ann.delete(`/api/forms/${id}`)).statusCode).toBe(404);
    });

    it('asks for a session', async () => {
      expect((await t.app.inject({ url: '/api/forms' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/forms', payload: leadForm() })).statusCode).toBe(401);
    });
  });

  describe('paging', () => {
    it('lists the user’s forms newest first, a page at a time, with their submission counts', async () => {
      const cara = await signUp(t.app, 'cara');
      const made: Form[] = [];
      for (let i = 0; i < 5; i++) made.push(await createForm(cara, leadForm({ name: `Form ${i}` })));
      // Two forms made in one statement share their created_at: the id breaks the tie.
      const same = new Date();
      await t.database.db.update(forms).set({ createdAt: same }).where(eq(forms.id, made[1]!.id));
      await t.database.db.update(forms).set({ createdAt: same }).where(eq(forms.id, made[2]!.id));
      expect((await submit(t.app, made[0]!.id, submission())).statusCode).toBe(201);
      const seen: Form[] = [];
      let cursor: string | null = null;
      do {
        const res = await cara.get(`/api/forms?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        const page: { items: Form[]; nextCursor: string | null } = res.json();
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.map((f) => f.id).sort()).toEqual(made.map((f) => f.id).sort());
      expect(new Set(seen.map((f) => f.id)).size).toBe(made.length);
      const times = seen.map((f) => Date.parse(f.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const tied = seen.map((f) => f.id).filter((id) => id === made[1]!.id || id === made[2]!.id);
      expect(tied).toEqual([made[1]!.id, made[2]!.id].sort().reverse());
      expect(seen.find((f) => f.id === made[0]!.id)?.submissionCount).toBe(1);
      expect(seen.find((f) => f.id === made[0]!.id)?.embedCode).toBe(formEmbedCode(testConfig.publicUrl, made[0]!.id));
    });

    it('refuses another user’s cursor and a forged one', async () => {
      await createForm(ann);
      await createForm(ann);
      const page = (await ann.get('/api/forms?limit=1')).json();
      expect(page.nextCursor).toBeTruthy();
      expect((await bob.get(`/api/forms?cursor=${page.nextCursor}`)).statusCode).toBe(400);
      expect((await ann.get('/api/forms?cursor=W251bGwsIngiXQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(400);
    });
  });
});
