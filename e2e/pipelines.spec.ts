import { pipelineMessages } from '../common/pipelines';
import { expect, PASSWORD, test, uniqueEmail } from './support/fixtures';
import { keyboardDrag } from './support/helpers';
import { colleagueAddress, inviteFromTeamScreen } from './support/team';

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

test.describe('pipeline settings', () => {
  test('a new user sees the empty state, and Create stays off while the name is blank', async ({
    page,
    signedIn: _,
  }) => {
    await page.goto('/app/settings/pipelines');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline Settings' })).toBeVisible();
    await expect(page.getByText('No pipelines found. Click the Create Pipeline button to add one.')).toBeVisible();

    await page.getByRole('button', { name: 'Create Pipeline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Pipeline' });
    await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
    await dialog.getByLabel('Pipeline name').fill('   ');
    await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a pipeline is created, its stages reordered by keyboard, and it becomes the default', async ({
    page,
    signedIn: _,
  }) => {
    // A first pipeline, so the new one is not the default on its own.
    const first = await page.request.post('/api/pipelines', { data: { name: unique('Existing'), isDefault: true } });
    expect(first.status()).toBe(201);
    const name = unique('Enterprise');

    await page.goto('/app/settings/pipelines');
    await page.getByRole('button', { name: 'Create Pipeline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Pipeline' });
    await dialog.getByLabel('Pipeline name').fill(`  ${name}  `);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Pipeline created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('region', { name, exact: true });
    const stages = card.getByRole('list', { name: 'Stages' }).getByRole('listitem');
    await expect(stages).toHaveText(
      ['Lead', 'Contact Made', 'Proposal Sent', 'Negotiation', 'Won', 'Lost'].map((s) => new RegExp(s)),
    );

    // Keyboard drag: pick Lead up, one step down (25 px), drop.
    await keyboardDrag(page, card.getByRole('button', { name: 'Reorder Lead' }), [
      { key: 'ArrowDown', announced: 'Stage Lead is over position 2.' },
    ]);
    const reordered = ['Contact Made', 'Lead', 'Proposal Sent', 'Negotiation', 'Won', 'Lost'];
    await expect(stages).toHaveText(reordered.map((s) => new RegExp(s)));

    await page.reload();
    await expect(stages).toHaveText(reordered.map((s) => new RegExp(s)));

    await expect(card.getByText('Default Pipeline')).toBeHidden();
    await card.getByRole('button', { name: 'Set as Default' }).click();
    await expect(page.getByText('Default pipeline updated')).toBeVisible();
    await expect(card.getByText('Default Pipeline')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Set as Default' })).toBeHidden();
    // Only one default: the other pipeline offers the button again.
    await expect(page.getByRole('button', { name: 'Set as Default' })).toHaveCount(1);
  });

  test('stages are added, renamed and removed, and saved at once', async ({ page, signedIn: _ }) => {
    const name = unique('Partners');
    expect((await page.request.post('/api/pipelines', { data: { name } })).status()).toBe(201);
    await page.goto('/app/settings/pipelines');
    const card = page.getByRole('region', { name, exact: true });
    const stages = card.getByRole('list', { name: 'Stages' }).getByRole('listitem');

    await expect(card.getByRole('button', { name: 'Add Stage' })).toBeDisabled();
    await card.getByLabel('New stage name').fill('  Qualified ');
    await card.getByRole('button', { name: 'Add Stage' }).click();
    await expect(stages).toHaveCount(7);
    await expect(stages.last()).toHaveText(/Qualified/);
    await expect(card.getByLabel('New stage name')).toHaveValue('');

    await card.getByRole('button', { name: 'Rename stage Qualified' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Stage' });
    await rename.getByLabel('Stage name').fill('Qualified Lead');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Stage renamed')).toBeVisible();
    await expect(stages.last()).toHaveText(/Qualified Lead/);

    await card.getByRole('button', { name: 'Remove stage Won' }).click();
    await expect(stages).toHaveCount(6);
    await page.reload();
    await expect(stages).toHaveText(
      ['Lead', 'Contact Made', 'Proposal Sent', 'Negotiation', 'Lost', 'Qualified Lead'].map((s) => new RegExp(s)),
    );
  });

  test("a stage that still holds deals is not removed: the server's reason shows and the stage stays", async ({
    page,
    signedIn: _,
  }) => {
    const name = unique('Busy');
    const created = await page.request.post('/api/pipelines', { data: { name } });
    const pipeline = await created.json();
    const deal = await page.request.post('/api/deals', {
      data: { name: unique('Deal'), pipelineId: pipeline.id, stage: 'Negotiation' },
    });
    expect(deal.status()).toBe(201);

    await page.goto('/app/settings/pipelines');
    const card = page.getByRole('region', { name, exact: true });
    await card.getByRole('button', { name: 'Remove stage Negotiation' }).click();
    await expect(
      page.getByText('The stage "Negotiation" still holds 1 deal. Move them to another stage first.'),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: 'Reorder Negotiation' })).toBeVisible();
  });

  test('a pipeline is deleted after confirming', async ({ page, signedIn: _ }) => {
    const name = unique('Old');
    expect((await page.request.post('/api/pipelines', { data: { name } })).status()).toBe(201);
    await page.goto('/app/settings/pipelines');
    await page.getByRole('button', { name: `Delete pipeline ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Pipeline' });
    await expect(confirm.getByText('Are you sure you want to delete this pipeline?')).toBeVisible();
    await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Pipeline deleted')).toBeVisible();
    await expect(page.getByRole('region', { name, exact: true })).toBeHidden();
    await expect(page.getByText('No pipelines found. Click the Create Pipeline button to add one.')).toBeVisible();
  });

  test('a Member reads the workspace’s pipelines and has none of the controls that change them, nor a pipeline to make', async ({
    page,
    browser,
    signedIn: _,
  }) => {
    test.slow();
    const name = unique('Team sales');
    const colleague = { name: unique('Mia'), email: colleagueAddress(uniqueEmail('mia')) };
    await page.goto('/app/settings/team');
    const invitation = await inviteFromTeamScreen(page, colleague.email, 'member');

    const context = await browser.newContext();
    try {
      const mia = await context.newPage();
      const signedUp = await mia.request.post('/api/auth/sign-up', { data: { ...colleague, password: PASSWORD } });
      expect(signedUp.status(), await signedUp.text()).toBe(201);
      const accepted = await mia.request.post(
        `/api/invitations/${invitation.slice(invitation.lastIndexOf('/') + 1)}/accept`,
      );
      expect(accepted.status(), await accepted.text()).toBe(200);

      // Before the workspace has a pipeline, the deals page offers a Member none to make.
      await mia.goto('/app/deals');
      await expect(mia.getByText(pipelineMessages.memberEmpty)).toBeVisible();
      await expect(mia.getByRole('button', { name: 'Create default pipeline' })).toHaveCount(0);

      expect((await page.request.post('/api/pipelines', { data: { name, isDefault: true } })).status()).toBe(201);
      await mia.goto('/app/settings/pipelines');
      await expect(mia.getByRole('heading', { level: 1, name: 'Pipeline Settings' })).toBeVisible();
      await expect(mia.getByText(pipelineMessages.memberNote)).toBeVisible();
      const card = mia.getByRole('region', { name, exact: true });
      await expect(card.getByText('Default Pipeline')).toBeVisible();
      await expect(card.getByRole('list', { name: 'Stages' }).getByRole('listitem')).toHaveText(
        ['Lead', 'Contact Made', 'Proposal Sent', 'Negotiation', 'Won', 'Lost'].map((s) => new RegExp(s)),
      );
      for (const control of ['Create Pipeline', `Rename pipeline ${name}`, `Delete pipeline ${name}`, 'Reorder Lead']) {
        await expect(mia.getByRole('button', { name: control })).toHaveCount(0);
      }
      await expect(card.getByRole('button')).toHaveCount(0);
      await expect(card.getByLabel('New stage name')).toHaveCount(0);
      // The server refuses what the screen does not offer.
      const refused = await mia.request.post('/api/pipelines', { data: { name: unique('Mine') } });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).error).toBe(pipelineMessages.adminOnly);
    } finally {
      await context.close();
    }
  });
});
