import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, formMessages, MAX_TEXTAREA_LENGTH, MAX_VALUE_LENGTH, type Form } from '@common/forms';
import { FORM_CSS_VERSION } from '@common/form-css';
import { contacts, deals, forms, notifications } from '../../../db/schema';
import { rescopeStaleFormCss } from '../scoped-css';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../../test/test-app';
import {
  createForm,
  ids,
  leadForm,
  put,
  submission,
  submissionRows,
  submit,
  validValues,
} from '../../../test/forms-kit';

// The public side of a form (decisions.md items 11, 13): what a visitor sees, and every submission treated as
// hostile — checked against the stored form's own fields, rate-limited, idempotent, stored with its lead.

let t: TestApp;
let owner: UserClient;
let form: Form;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app, 'olga');
  form = await createForm(owner);
});
afterAll(() => t.close());

const long = (n: number) => 'a'.repeat(n);
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

describe('a submission', () => {
  it('is stored with the checked values, the fields as they are, a hashed address, and counted', async () => {
    const res = await submit(
      t.app,
      form.id,
      submission(
        validValues({
          [ids.name]: '  Vera Visitor  ',
          [ids.phone]: '+1 (555) 010-2030',
          [ids.plan]: 'Pro',
          [ids.extras]: ['API', 'Support'],
          [ids.notes]: '',
          unknown: 'dropped',
          [randomUUID()]: 'dropped too',
        }),
      ),
      '203.0.113.7',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      successMessage: 'Thank you for your submission!',
      redirectUrl: null,
    });
    const [row] = (await submissionRows(t.database.db, form.id)).filter((r) => r.id === res.json().id);
    expect(row).toMatchObject({
      userId: owner.id,
      data: {
        [ids.name]: 'Vera Visitor',
        [ids.email]: 'vera@example.com',
        [ids.phone]: '+1 (555) 010-2030',
        [ids.plan]: 'Pro',
        [ids.extras]: ['Support', 'API'],
      },
      createdDealId: null,
      createdContactId: null,
      dealSkippedReason: null,
    });
    expect(Object.keys(row!.data)).toHaveLength(5);
    expect(row!.fields).toEqual(form.fields.map(({ id, label, type }) => ({ id, label, type })));
    expect(row!.ipHash).toMatch(/^[\w-]{43}$/);
    expect(row!.ipHash).not.toContain('203.0.113.7');
    const [counted] = await t.database.db.select().from(forms).where(eq(forms.id, form.id));
    expect(counted!.submissionCount).toBe((await submissionRows(t.database.db, form.id)).length);
  });

  describe('is refused with a message beside each field it breaks, and nothing is stored', () => {
    it.each([
      ['a required field omitted', { [ids.name]: undefined }, { [ids.name]: fieldMessages.required }],
      ['a required field blank', { [ids.email]: '   ' }, { [ids.email]: fieldMessages.required }],
      ['a required field as null', { [ids.email]: null }, { [ids.email]: fieldMessages.required }],
      ['an e-mail that is not one', { [ids.email]: 'vera@' }, { [ids.email]: fieldMessages.email }],
      ['a text e-mail that is not one', { [ids.mail]: 'a b@c.de' }, { [ids.mail]: fieldMessages.email }],
      ['a url without http', { [ids.website]: 'example.com' }, { [ids.website]: fieldMessages.url }],
      ['a javascript: url', { [ids.website]: 'javascript:alert(1)' }, { [ids.website]: fieldMessages.url }],
      ['a website that is not one', { [ids.homepage]: 'not a site' }, { [ids.homepage]: fieldMessages.website }],
      ['a number that is not one', { [ids.budget]: '12abc' }, { [ids.budget]: fieldMessages.numeric }],
      ['letters and signs', { [ids.code]: 'abc-123' }, { [ids.code]: fieldMessages.alphanumeric }],
      ['a phone number that is not one', { [ids.phone]: 'call me' }, { [ids.phone]: fieldMessages.phone }],
      ['a select option not defined', { [ids.plan]: 'Enterprise' }, { [ids.plan]: fieldMessages.option }],
      ['a radio option not defined', { [ids.size]: '1000+' }, { [ids.size]: fieldMessages.option }],
      ['a checkbox option not defined', { [ids.extras]: ['API', 'Free beer'] }, { [ids.extras]: fieldMessages.option }],
      ['a select sent a list', { [ids.plan]: ['Pro'] }, { [ids.plan]: fieldMessages.option }],
      [
        'a checkbox sent a number among its options',
        { [ids.extras]: ['API', 42] },
        { [ids.extras]: fieldMessages.option },
      ],
      ['a text sent a number', { [ids.code]: 42 }, { [ids.code]: fieldMessages.required }],
      [
        'a value too long',
        { [ids.company]: long(MAX_VALUE_LENGTH + 1) },
        { [ids.company]: fieldMessages.tooLong(MAX_VALUE_LENGTH) },
      ],
      [
        'a comment too long',
        { [ids.notes]: long(MAX_TEXTAREA_LENGTH + 1) },
        { [ids.notes]: fieldMessages.tooLong(MAX_TEXTAREA_LENGTH) },
      ],
      [
        'several at once',
        { [ids.name]: '', [ids.email]: 'x', [ids.plan]: 'y' },
        { [ids.name]: fieldMessages.required, [ids.email]: fieldMessages.email, [ids.plan]: fieldMessages.option },
      ],
    ])('%s', async (_label, change, fields) => {
      const before = (await submissionRows(t.database.db, form.id)).length;
      const res = await submit(t.app, form.id, submission({ ...validValues(), ...change }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: formMessages.fixFields, fields });
      expect(await submissionRows(t.database.db, form.id)).toHaveLength(before);
    });

    it.each([
      ['no values', { idempotencyKey: randomUUID() }],
      ['values as a list', { values: [], idempotencyKey: randomUUID() }],
      ['no idempotency key', { values: validValues() }],
      ['an idempotency key that is not one', { values: validValues(), idempotencyKey: 'again' }],
    ])('a body with %s', async (_label, body) => {
      const res = await submit(t.app, form.id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBeTypeOf('string');
    });

    it('a body over the size limit', async () => {
      const res = await submit(t.app, form.id, submission(validValues({ [ids.notes]: long(70 * 1024) })));
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toBeTypeOf('string');
    });
  });

  it('accepts every kind of valid value', async () => {
    const res = await submit(
      t.app,
      form.id,
      submission(
        validValues({
          [ids.website]: 'https://example.com/about',
          [ids.homepage]: 'example.com/about',
          [ids.budget]: '1234.50',
          [ids.code]: 'Abc123',
          [ids.mail]: 'other@example.org',
          [ids.size]: '11+',
          [ids.extras]: 'Training',
          [ids.notes]: long(MAX_TEXTAREA_LENGTH),
        }),
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('with the honeypot filled answers like a success and stores nothing', async () => {
    const before = (await submissionRows(t.database.db, form.id)).length;
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    const res = await submit(t.app, form.id, submission(validValues(), { honeypot: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ successMessage: 'Thank you for your submission!', redirectUrl: null });
    expect(await submissionRows(t.database.db, form.id)).toHaveLength(before);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id))).toHaveLength(
      notes.length,
    );
    // Even an invalid one: a bot learns nothing from the answer.
    const invalid = await submit(t.app, form.id, submission({}, { honeypot: 'x' }));
    expect(invalid.statusCode).toBe(201);
    expect(await submissionRows(t.database.db, form.id)).toHaveLength(before);
  });

  it('sent again with its idempotency key answers the one it stored', async () => {
    const body = submission();
    const first = await submit(t.app, form.id, body);
    const again = await submit(t.app, form.id, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = (await submissionRows(t.database.db, form.id)).filter((r) => r.idempotencyKey === body.idempotencyKey);
    expect(rows).toHaveLength(1);
    // The same key on another form is another submission.
    const other = await createForm(owner);
    expect((await submit(t.app, other.id, body)).statusCode).toBe(201);
  });

  it('notifies the owner when the form asks for it', async () => {
    const quiet = await createForm(owner, leadForm({ name: 'Quiet', settings: { notifyOnSubmission: false } }));
    const loud = await createForm(owner, leadForm({ name: 'Loud' }));
    expect((await submit(t.app, quiet.id, submission())).statusCode).toBe(201);
    const sent = await submit(t.app, loud.id, submission());
    expect(sent.statusCode).toBe(201);
    const submissionId = sent.json().id;
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(rows.filter((row) => row.title === 'New submission: Quiet')).toHaveLength(0);
    expect(rows.filter((row) => row.title === 'New submission: Loud')).toEqual([
      expect.objectContaining({
        kind: 'form_submission',
        body: 'Vera Visitor · vera@example.com',
        link: `/app/forms/${loud.id}/submissions?submission=${submissionId}`,
        sourceId: submissionId,
        readAt: null,
      }),
    ]);
  });

  describe('notifies exactly once', () => {
    const notesOf = async (userId: string) =>
      t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

    it('when the same submission is sent again with its idempotency key', async () => {
      const user = await signUp(t.app, 'nina');
      const target = await createForm(user, leadForm({ name: 'Retried' }));
      const body = submission();
      expect((await submit(t.app, target.id, body)).statusCode).toBe(201);
      expect((await submit(t.app, target.id, body)).statusCode).toBe(200);
      const [stored] = await submissionRows(t.database.db, target.id);
      expect(await notesOf(user.id)).toEqual([
        expect.objectContaining({ kind: 'form_submission', title: 'New submission: Retried', sourceId: stored!.id }),
      ]);
      const unread = await user.get('/api/notifications/unread');
      expect(unread.json()).toMatchObject({ count: 1, hasMore: false, newest: { title: 'New submission: Retried' } });
    });

    it('when identical requests race', async () => {
      const user = await signUp(t.app, 'rita');
      const target = await createForm(user, leadForm({ name: 'Raced' }));
      const body = submission();
      const answers = await Promise.all(Array.from({ length: 8 }, () => submit(t.app, target.id, body)));
      expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
      expect(await submissionRows(t.database.db, target.id)).toHaveLength(1);
      expect(await notesOf(user.id)).toHaveLength(1);
    });

    it('and not at all when the owner turned form submission notifications off', async () => {
      const user = await signUp(t.app, 'otto');
      const target = await createForm(user, leadForm({ name: 'Muted' }));
      const off = { formSubmissions: false, bookings: true, overdue: true };
      expect((await put(t.app, user, '/api/notifications/settings', off)).statusCode).toBe(200);
      expect((await submit(t.app, target.id, submission())).statusCode).toBe(201);
      expect(await submissionRows(t.database.db, target.id)).toHaveLength(1);
      expect(await notesOf(user.id)).toEqual([]);
      // Turned on again, the next one is notified.
      expect(
        (await put(t.app, user, '/api/notifications/settings', { ...off, formSubmissions: true })).statusCode,
      ).toBe(200);
      expect((await submit(t.app, target.id, submission())).statusCode).toBe(201);
      expect(await notesOf(user.id)).toHaveLength(1);
    });
  });
});

describe('autoCreateDeal', () => {
  const dealValue = randomUUID();
  const dealStage = randomUUID();
  const mappedForm = (settings: Record<string, unknown> = {}) =>
    leadForm({
      name: 'Quote',
      fields: [
        ...leadForm().fields!,
        { id: dealValue, type: 'text', label: 'Budget', required: false },
        { id: dealStage, type: 'text', label: 'Stage', required: false },
      ],
      settings: {
        autoCreateDeal: true,
        dealStage: 'Contact Made',
        fieldMapping: {
          contact_name: ids.name,
          contact_email: ids.email,
          contact_phone: ids.phone,
          contact_company: ids.company,
          contact_website: ids.website,
          value: dealValue,
          stage: dealStage,
          notes: ids.notes,
        },
        ...settings,
      },
    });

  async function ownerWithPipeline(name: string) {
    const user = await signUp(t.app, name);
    const pipeline = (await user.post('/api/pipelines', { name: 'Sales' })).json();
    return { user, pipeline };
  }

  const dealsOf = (userId: string) => t.database.db.select().from(deals).where(eq(deals.userId, userId));
  const contactsOf = (userId: string) => t.database.db.select().from(contacts).where(eq(contacts.userId, userId));

  it('makes a contact and one deal in the default pipeline at dealStage, and links them to the submission', async () => {
    const { user, pipeline } = await ownerWithPipeline('dana');
    await user.post('/api/pipelines', { name: 'Other' });
    const quote = await createForm(user, mappedForm());
    const res = await submit(
      t.app,
      quote.id,
      submission(
        validValues({
          [ids.phone]: '+44 20 7946 0000',
          [ids.company]: 'Acme',
          [ids.website]: 'https://acme.example',
          [dealValue]: '$12,500.50',
          [ids.notes]: 'Call after 5',
        }),
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [contact] = await contactsOf(user.id);
    expect(contact).toMatchObject({
      name: 'Vera Visitor',
      email: 'vera@example.com',
      phone: '+44 20 7946 0000',
      company: 'Acme',
      website: 'https://acme.example',
    });
    const dealRows = await dealsOf(user.id);
    expect(dealRows).toHaveLength(1);
    expect(dealRows[0]).toMatchObject({
      name: 'Quote – Vera Visitor',
      pipelineId: pipeline.id,
      stage: 'Contact Made',
      value: '12500.50',
      currency: 'USD',
      contactId: contact!.id,
      notes: 'Call after 5',
      wonAt: null,
    });
    expect((await user.get(`/api/contacts/${contact!.id}`)).json().website).toBe('https://acme.example');
    expect((await user.get(`/api/deals/${dealRows[0]!.id}`)).json().notes).toBe('Call after 5');
    const [row] = await submissionRows(t.database.db, quote.id);
    expect(row).toMatchObject({
      createdDealId: dealRows[0]!.id,
      createdContactId: contact!.id,
      dealSkippedReason: null,
    });
    const listed = (await user.get(`/api/forms/${quote.id}/submissions`)).json().items[0];
    expect(listed).toMatchObject({ dealId: dealRows[0]!.id, contactId: contact!.id, dealSkippedReason: null });
    const board = await user.get(`/api/deals?pipelineId=${pipeline.id}&stage=${encodeURIComponent('Contact Made')}`);
    expect(board.json().items.map((d: { id: string }) => d.id)).toEqual([dealRows[0]!.id]);
  });

  it('reuses the contact with the same e-mail, whatever its case, and takes a mapped stage of the pipeline', async () => {
    const { user } = await ownerWithPipeline('erin');
    const known = (await user.post('/api/contacts', { name: 'Vera V.', email: 'Vera@Example.com' })).json();
    const quote = await createForm(user, mappedForm());
    expect(
      (await submit(t.app, quote.id, submission(validValues({ [dealStage]: 'Won', [dealValue]: 'lots' })))).statusCode,
    ).toBe(201);
    expect((await submit(t.app, quote.id, submission(validValues({ [dealStage]: 'Nowhere' })))).statusCode).toBe(201);
    expect(await contactsOf(user.id)).toHaveLength(1);
    const dealRows = await dealsOf(user.id);
    expect(dealRows.map((d) => d.contactId)).toEqual([known.id, known.id]);
    const won = dealRows.find((d) => d.stage === 'Won');
    expect(won).toMatchObject({ value: null });
    expect(won!.wonAt).toBeInstanceOf(Date);
    expect(dealRows.find((d) => d.stage !== 'Won')!.stage).toBe('Contact Made');
  });

  it('names the deal from its mapped field and falls back to the pipeline’s first stage', async () => {
    const { user } = await ownerWithPipeline('fred');
    const quote = await createForm(
      user,
      mappedForm({ dealStage: 'Not a stage', fieldMapping: { name: ids.company, contact_email: ids.email } }),
    );
    expect((await submit(t.app, quote.id, submission(validValues({ [ids.company]: 'Acme rollout' })))).statusCode).toBe(
      201,
    );
    const [deal] = await dealsOf(user.id);
    expect(deal).toMatchObject({ name: 'Acme rollout', stage: 'Lead' });
    expect(await contactsOf(user.id)).toEqual([
      expect.objectContaining({ name: 'vera@example.com', email: 'vera@example.com' }),
    ]);
  });

  it('copies a website typed without http(s):// as https, and leaves out one that is no website', async () => {
    const { user } = await ownerWithPipeline('olga');
    const quote = await createForm(
      user,
      mappedForm({ fieldMapping: { contact_email: ids.email, contact_website: ids.homepage, notes: ids.extras } }),
    );
    const answers = { [ids.homepage]: 'olga.example/about', [ids.extras]: ['Support', 'API'] };
    expect((await submit(t.app, quote.id, submission(validValues(answers)))).statusCode).toBe(201);
    const [contact] = await contactsOf(user.id);
    expect(contact).toMatchObject({ email: 'vera@example.com', website: 'https://olga.example/about' });
    expect((await dealsOf(user.id))[0]).toMatchObject({ notes: 'Support; API' });

    // A plain text field mapped to the website: its answer stays in the submission, not on the contact.
    const { user: paul } = await ownerWithPipeline('paul');
    const loose = await createForm(
      paul,
      mappedForm({ fieldMapping: { contact_email: ids.email, contact_website: dealStage } }),
    );
    const res = await submit(t.app, loose.id, submission(validValues({ [dealStage]: 'our shop downtown' })));
    expect(res.statusCode, res.body).toBe(201);
    expect((await contactsOf(paul.id))[0]).toMatchObject({ email: 'vera@example.com', website: null });
    expect((await dealsOf(paul.id))[0]).toMatchObject({ notes: null });
    expect((await submissionRows(t.database.db, loose.id))[0]!.data).toMatchObject({
      [dealStage]: 'our shop downtown',
    });
  });

  it('leaves an existing contact’s website as it is', async () => {
    const { user } = await ownerWithPipeline('quinn');
    const known = (
      await user.post('/api/contacts', { name: 'Vera', email: 'vera@example.com', website: 'https://vera.example' })
    ).json();
    const quote = await createForm(user, mappedForm());
    const answers = { [ids.website]: 'https://other.example', [ids.notes]: 'Hello' };
    expect((await submit(t.app, quote.id, submission(validValues(answers)))).statusCode).toBe(201);
    expect(await contactsOf(user.id)).toEqual([
      expect.objectContaining({ id: known.id, website: 'https://vera.example' }),
    ]);
    expect((await dealsOf(user.id))[0]).toMatchObject({ contactId: known.id, notes: 'Hello' });
  });

  it('fills only mapped properties: posted owner, pipeline or deal columns are ignored', async () => {
    const { user, pipeline } = await ownerWithPipeline('gina');
    const intruder = await ownerWithPipeline('ivan');
    const quote = await createForm(user, mappedForm());
    const res = await submit(t.app, quote.id, {
      ...submission(
        validValues({
          user_id: intruder.user.id,
          userId: intruder.user.id,
          pipeline_id: intruder.pipeline.id,
          pipelineId: intruder.pipeline.id,
          stage: 'Won',
          value: '1000000',
          currency: 'EUR',
        }),
      ),
      user_id: intruder.user.id,
      pipelineId: intruder.pipeline.id,
      formId: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [deal] = await dealsOf(user.id);
    expect(deal).toMatchObject({
      userId: user.id,
      pipelineId: pipeline.id,
      stage: 'Contact Made',
      currency: 'USD',
      value: null,
    });
    expect(await dealsOf(intruder.user.id)).toEqual([]);
    const [row] = await submissionRows(t.database.db, quote.id);
    expect(Object.keys(row!.data).sort()).toEqual([ids.email, ids.name].sort());
  });

  it('without a default pipeline stores the submission and says why no deal was made', async () => {
    const user = await signUp(t.app, 'hank');
    const quote = await createForm(user, mappedForm());
    const res = await submit(t.app, quote.id, submission());
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await submissionRows(t.database.db, quote.id);
    expect(row).toMatchObject({ createdDealId: null, dealSkippedReason: formMessages.noDefaultPipeline });
    expect(await dealsOf(user.id)).toEqual([]);
    const listed = (await user.get(`/api/forms/${quote.id}/submissions`)).json().items[0];
    expect(listed.dealSkippedReason).toBe(formMessages.noDefaultPipeline);
  });

  it('makes one submission and one deal of 10 parallel retries', async () => {
    const { user } = await ownerWithPipeline('judy');
    const quote = await createForm(user, mappedForm());
    const body = submission(validValues({ [ids.email]: 'racer@example.com' }));
    const answers = await Promise.all(Array.from({ length: 10 }, () => submit(t.app, quote.id, body)));
    const codes = answers.map((res) => res.statusCode);
    expect(
      codes.filter((code) => code === 201),
      JSON.stringify(codes),
    ).toHaveLength(1);
    expect(
      codes.filter((code) => code === 200),
      JSON.stringify(codes),
    ).toHaveLength(9);
    expect(new Set(answers.map((res) => res.json<{ id: string }>().id)).size).toBe(1);
    expect(await submissionRows(t.database.db, quote.id)).toHaveLength(1);
    expect(await dealsOf(user.id)).toHaveLength(1);
    expect(await contactsOf(user.id)).toHaveLength(1);
    const [counted] = await t.database.db.select().from(forms).where(eq(forms.id, quote.id));
    expect(counted!.submissionCount).toBe(1);
  });

  it('makes one contact of parallel submissions with one new e-mail', async () => {
    const { user } = await ownerWithPipeline('kim');
    const quote = await createForm(user, mappedForm());
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        submit(t.app, quote.id, submission(validValues({ [ids.email]: 'same@example.com' }))),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(5).fill(201));
    expect(await contactsOf(user.id)).toHaveLength(1);
    expect(await dealsOf(user.id)).toHaveLength(5);
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
