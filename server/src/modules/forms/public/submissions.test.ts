import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, formMessages, MAX_TEXTAREA_LENGTH, MAX_VALUE_LENGTH, type Form } from '@common/forms';
import { forms, notifications, webhookEndpoints } from '../../../db/schema';
import { findForm } from './service';
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

// A form's submissions (decisions.md items 11, 13), each treated as hostile: checked against the stored form's own
// fields, idempotent, stored, and the owner notified. What a visitor sees and the rate limits: public-form.test.ts;
// the lead a submission makes: submission-deals.test.ts.

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
      const off = { formSubmissions: false, bookings: true, overdue: true, assignments: true };
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

describe('the form read for a submission', () => {
  it('finds the submission stored under a key, and whether the form’s own workspace has an endpoint on', async () => {
    const db = t.database.db;
    const key = randomUUID();
    const stored = await submit(t.app, form.id, submission(validValues(), { idempotencyKey: key }));
    expect(stored.statusCode).toBe(201);
    expect((await findForm(db, form.id, key)).earlierId).toBe(stored.json<{ id: string }>().id);
    expect((await findForm(db, form.id, randomUUID())).earlierId).toBeNull();

    const otherUser = await signUp(t.app, 'otto');
    const otherForm = await findForm(db, (await createForm(otherUser)).id);
    const endpoint = (workspaceId: string, userId: string) => ({
      workspaceId,
      userId,
      url: 'https://example.com/hook',
      events: ['form_submission.received'],
      secretSealed: 'sealed',
    });
    await db.insert(webhookEndpoints).values(endpoint(otherForm.workspaceId, otherUser.id));
    expect((await findForm(db, form.id)).webhooks).toBe(false);
    const own = await findForm(db, form.id);
    await db.insert(webhookEndpoints).values(endpoint(own.workspaceId, owner.id));
    expect((await findForm(db, form.id)).webhooks).toBe(true);
    await db.delete(webhookEndpoints);
  });
});
