import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formMessages } from '@common/forms';
import { contacts, deals, forms } from '../../../db/schema';
import { buildTestApp, signUp, type TestApp } from '../../../test/test-app';
import { createForm, ids, leadForm, submission, submissionRows, submit, validValues } from '../../../test/forms-kit';

// A form's submission as a lead (decisions.md items 11, 13): with autoCreateDeal, the contact found by e-mail or
// made, and one deal of it in the owner's default pipeline, whatever the visitor posts beside the mapped fields.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

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
