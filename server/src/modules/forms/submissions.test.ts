import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Submission } from '@common/forms';
import { createForm, ids, leadForm, put, submission, submit, validValues } from '../../test/forms-kit';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';

// What the owner's forms received (part 2 §4, §7): the submissions newest first, a page at a time, and their CSV.

let t: TestApp;
let ann: UserClient;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await signUp(t.app, 'ann');
});
afterAll(() => t.close());

describe('submissions', () => {
  it('lists a form’s submissions newest first, a page at a time, with the fields as they were', async () => {
    const form = await createForm(ann);
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await submit(t.app, form.id, submission(validValues({ [ids.name]: `Visitor ${i}` })));
      expect(res.statusCode, res.body).toBe(201);
      sent.push(res.json().id);
    }
    // The form changes afterwards: the old submissions keep the labels they were sent with.
    const renamed = leadForm();
    renamed.fields = renamed.fields!.map((field) => (field.id === ids.name ? { ...field, label: 'Name now' } : field));
    expect((await put(t.app, ann, `/api/forms/${form.id}`, renamed)).statusCode).toBe(200);

    const seen: Submission[] = [];
    let cursor: string | null = null;
    do {
      const res = await ann.get(`/api/forms/${form.id}/submissions?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page: { items: Submission[]; nextCursor: string | null } = res.json();
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((s) => s.id)).toEqual([...sent].reverse());
    expect(seen[0]).toMatchObject({
      data: { [ids.name]: 'Visitor 4', [ids.email]: 'vera@example.com' },
      dealId: null,
      contactId: null,
      dealSkippedReason: null,
    });
    expect(seen[0]!.fields.find((f) => f.id === ids.name)).toEqual({ id: ids.name, label: 'Full Name', type: 'name' });
  });

  it('refuses a cursor of another form’s submissions', async () => {
    const one = await createForm(ann);
    const two = await createForm(ann);
    for (let i = 0; i < 2; i++) await submit(t.app, one.id, submission());
    const page = (await ann.get(`/api/forms/${one.id}/submissions?limit=1`)).json();
    expect(page.nextCursor).toBeTruthy();
    expect((await ann.get(`/api/forms/${two.id}/submissions?cursor=${page.nextCursor}`)).statusCode).toBe(400);
  });

  it('exports them as CSV: a column per field now, then fields of older submissions, options joined', async () => {
    const form = await createForm(ann);
    const first = await submit(t.app, form.id, submission(validValues({ [ids.company]: '=HYPERLINK("x")' })));
    expect(first.statusCode).toBe(201);
    // The company field goes and a new one comes; the extras are ticked.
    const changed = leadForm();
    const added = randomUUID();
    changed.fields = [
      ...changed.fields!.filter((field) => field.id !== ids.company),
      { id: added, type: 'text', label: 'Referrer', required: false },
    ];
    expect((await put(t.app, ann, `/api/forms/${form.id}`, changed)).statusCode).toBe(200);
    const second = await submit(
      t.app,
      form.id,
      submission(
        validValues({ [ids.extras]: ['Training', 'Support'], [added]: 'A friend', [ids.notes]: 'Two\nlines' }),
      ),
    );
    expect(second.statusCode).toBe(201);

    const res = await ann.get(`/api/forms/${form.id}/submissions.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.split('\r\n');
    const labels = changed.fields.map((field) => field.label);
    expect(lines[0]).toBe(['Submitted at', ...labels, 'Company'].join(','));
    const newest = lines[1]!.split(',');
    expect(newest[labels.indexOf('Extras') + 1]).toBe('Support; Training');
    expect(newest[labels.indexOf('Referrer') + 1]).toBe('A friend');
    expect(res.body).toContain('"Two\nlines"');
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    const oldest = lines.at(-2)!;
    expect(oldest).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z,Vera Visitor,vera@example.com,/);
    expect(oldest.endsWith(`"'=HYPERLINK(""x"")"`)).toBe(true);
    expect(lines.at(-1)).toBe('');
  });

  it('exports a form without submissions as its header alone', async () => {
    const form = await createForm(ann, leadForm({ fields: [{ id: ids.name, type: 'name', label: '@name' }] }));
    const res = await ann.get(`/api/forms/${form.id}/submissions.csv`);
    expect(res.body).toBe(`Submitted at,"'@name"\r\n`);
  });
});
