import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formMessages } from '@common/forms';
import { FORM_CSS_VERSION } from '@common/form-css';
import { forms } from '../../../db/schema';
import { rescopeStaleFormCss } from '../scoped-css';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../../test/test-app';
import { createForm, ids, leadForm, put, submission, submissionRows, submit } from '../../../test/forms-kit';

// The public side of a form (decisions.md items 11, 13): what a visitor sees, and the rate limits on submitting.
// The submission's own checks are in submissions.test.ts, the lead it makes in submission-deals.test.ts.

let t: TestApp;
let owner: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app, 'olga');
});
afterAll(() => t.close());

const get = (id: string) => t.app.inject({ url: `/api/public/forms/${id}` });

describe('the public form', () => {
  it('shows a visitor only what the page needs: no owner, no mapping, no deal stage', async () => {
    const mapped = await createForm(
      owner,
      leadForm({
        settings: {
          autoCreateDeal: true,
          dealStage: 'Negotiation',
          redirectUrl: 'https://example.com/thanks',
          successMessage: 'Thanks!',
          fieldMapping: { contact_email: ids.email },
        },
        style: { theme: 'dark', primaryColor: '#112233', customCss: 'body .title { color: red }' },
      }),
    );
    const res = await get(mapped.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json();
    expect(Object.keys(page).sort()).toEqual(
      ['description', 'fields', 'id', 'name', 'redirectUrl', 'style', 'successMessage'].sort(),
    );
    expect(page).toMatchObject({
      id: mapped.id,
      name: 'Contact us',
      successMessage: 'Thanks!',
      redirectUrl: 'https://example.com/thanks',
      style: { theme: 'dark', primaryColor: '#112233', scopedCss: '[data-pipewise-form] .title { color: red }' },
    });
    expect(page.fields).toEqual(mapped.fields);
    expect(page.style.customCss).toBeUndefined();
    for (const secret of [
      owner.id,
      owner.email,
      'Negotiation',
      'fieldMapping',
      'dealStage',
      'autoCreateDeal',
      'userId',
    ]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it.each(['x', '%00', '00000000-0000-0000-0000-000000000000'])('answers %s with the page’s 404', async (id) => {
    const res = await get(id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: formMessages.formNotFound });
    const posted = await submit(t.app, id, submission());
    expect(posted.statusCode).toBe(404);
    expect(posted.json()).toEqual({ error: formMessages.formNotFound });
  });

  it('serves custom CSS scoped, and </style><script> inert', async () => {
    const css = '.a { color: red } </style><script>alert(1)</script> @import url(https://evil.example/x.css);';
    const evil = await createForm(owner, leadForm({ style: { customCss: css } }));
    const { scopedCss } = (await get(evil.id)).json().style;
    expect(scopedCss ?? '').not.toMatch(/<\/?(style|script)/i);
    expect(scopedCss ?? '').not.toContain('<');
    expect(scopedCss ?? '').not.toContain('@import');
    const inString = await createForm(
      owner,
      leadForm({ style: { customCss: '.a::after { content: "</style><script>alert(1)</script>" }' } }),
    );
    const scoped: string = (await get(inString.id)).json().style.scopedCss;
    expect(scoped).toContain('[data-pipewise-form] .a::after');
    expect(scoped).not.toContain('<');
  });

  it('serves the CSS scoped when the form was saved, stored beside it, not scoped again on every read', async () => {
    const saved = await createForm(
      owner,
      leadForm({ style: { customCss: 'body .title { position: fixed; color: red }' } }),
    );
    const [row] = await t.database.db.select().from(forms).where(eq(forms.id, saved.id));
    expect(row).toMatchObject({
      scopedCss: '[data-pipewise-form] .title { color: red }',
      scopedCssVersion: FORM_CSS_VERSION,
    });
    // The page serves what is stored: a read parses nothing.
    await t.database.db
      .update(forms)
      .set({ scopedCss: '[data-pipewise-form] .stored { color: blue }' })
      .where(eq(forms.id, saved.id));
    expect((await get(saved.id)).json().style.scopedCss).toBe('[data-pipewise-form] .stored { color: blue }');

    // Saving again scopes again; a form without custom CSS stores none.
    const plain = await put(t.app, owner, `/api/forms/${saved.id}`, leadForm({ style: {} }));
    expect(plain.statusCode, plain.body).toBe(200);
    const [cleared] = await t.database.db.select().from(forms).where(eq(forms.id, saved.id));
    expect(cleared).toMatchObject({ scopedCss: null, scopedCssVersion: FORM_CSS_VERSION });
    expect((await get(saved.id)).json().style.scopedCss).toBeNull();
  });

  it('scopes the CSS of forms saved before it was stored: on the fly until the start scopes them all once', async () => {
    const older = await createForm(
      owner,
      leadForm({ style: { customCss: ':root + p { display: none } .a { color: red }' } }),
    );
    const none = await createForm(owner, leadForm());
    for (const id of [older.id, none.id]) {
      await t.database.db.update(forms).set({ scopedCss: null, scopedCssVersion: 0 }).where(eq(forms.id, id));
    }
    expect((await get(older.id)).json().style.scopedCss).toBe('[data-pipewise-form] .a { color: red }');
    expect(await rescopeStaleFormCss(t.app.db)).toBeGreaterThanOrEqual(1);
    const rows = await t.database.db
      .select()
      .from(forms)
      .where(inArray(forms.id, [older.id, none.id]));
    expect(rows.map((r) => [r.id, r.scopedCss, r.scopedCssVersion]).sort()).toEqual(
      [
        [older.id, '[data-pipewise-form] .a { color: red }', FORM_CSS_VERSION],
        [none.id, null, FORM_CSS_VERSION],
      ].sort(),
    );
    expect(await rescopeStaleFormCss(t.app.db)).toBe(0);
  });

  it('never serves a stored unsafe redirect URL', async () => {
    for (const redirectUrl of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example']) {
      const stored = await createForm(owner);
      await t.database.db.execute(
        sql`update forms set settings = jsonb_set(settings, '{redirectUrl}', to_jsonb(${redirectUrl}::text)) where id = ${stored.id}`,
      );
      expect((await get(stored.id)).json().redirectUrl).toBeNull();
      const receipt = await submit(t.app, stored.id, submission());
      expect(receipt.statusCode).toBe(201);
      expect(receipt.json().redirectUrl).toBeNull();
      const own = await owner.get(`/api/forms/${stored.id}`);
      expect(own.statusCode).toBe(200);
      expect(own.json().settings.redirectUrl).toBeUndefined();
    }
  });
});

describe('the rate limits', () => {
  it('refuse more submissions per minute from one address, then per form from all addresses', async () => {
    const limited = await buildTestApp({ formSubmissionsPerMinute: 3, formSubmissionsPerFormPerMinute: 5 });
    try {
      const user = await signUp(limited.app, 'lena');
      const one = await createForm(user);
      const two = await createForm(user);
      const fromA = [];
      for (let i = 0; i < 4; i++) fromA.push(await submit(limited.app, one.id, submission(), '198.51.100.1'));
      expect(fromA.map((res) => res.statusCode)).toEqual([201, 201, 201, 429]);
      expect(fromA[3]!.json()).toEqual({ error: formMessages.tooMany });
      // Per form: two more from other addresses fill form one's five; the sixth is refused, form two still accepts.
      expect((await submit(limited.app, one.id, submission(), '198.51.100.2')).statusCode).toBe(201);
      expect((await submit(limited.app, one.id, submission(), '198.51.100.3')).statusCode).toBe(201);
      const sixth = await submit(limited.app, one.id, submission(), '198.51.100.4');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ error: formMessages.tooMany });
      expect((await submit(limited.app, two.id, submission(), '198.51.100.4')).statusCode).toBe(201);
      expect(await submissionRows(limited.database.db, one.id)).toHaveLength(5);
      // Reading the form is not limited.
      expect((await limited.app.inject({ url: `/api/public/forms/${one.id}` })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
