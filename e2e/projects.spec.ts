import type { Locator, Page } from '@playwright/test';
import { expect, signUpViaApi, test } from './support/fixtures';
import { dragTo, expectNoSeriousViolations, keyboardDrag } from './support/helpers';

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
const DELETE_CONFIRM = 'Are you sure you want to delete this project? This action cannot be undone.';

async function createProject(page: Page, data: { name: string; status?: string; description?: string }) {
  const response = await page.request.post('/api/projects', { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

const column = (page: Page, status: string) => page.getByRole('region', { name: status, exact: true });
const card = (scope: Locator, name: string) =>
  scope.getByRole('listitem').filter({ has: scope.page().getByRole('button', { name, exact: true }) });

test.describe('projects', () => {
  test('a project is created, moved by keyboard, dragged to Review, edited and deleted', async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    // Wide enough that Planning and Review are both in view: the board scrolls sideways below that.
    await page.setViewportSize({ width: 1600, height: 900 });
    const name = unique('Website redesign');
    await page.goto('/app/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByText('No projects yet. Click Create Project to add one.')).toBeVisible();

    await page.getByRole('button', { name: 'Create Project' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create Project' });
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create.getByText('Project name is required')).toBeVisible();
    await expect(create.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await create.getByLabel('Name').fill('   ');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create.getByText('Project name is required')).toBeVisible();

    await expect(create.getByLabel('Status')).toHaveValue('Not Started');
    await expect(create.getByLabel('Status').getByRole('option')).toHaveText([
      'Not Started',
      'In Progress',
      'Completed',
    ]);
    await create.getByLabel('Name').fill(`  ${name}  `);
    await create.getByLabel('Description').fill('New landing pages and a style guide');
    await create.getByLabel('Due Date').fill('2031-03-05');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Project created successfully')).toBeVisible();
    await expect(create).toBeHidden();

    const notStarted = column(page, 'Not Started');
    for (const status of ['Not Started', 'Planning', 'In Progress', 'Review', 'Completed']) {
      await expect(column(page, status)).toBeVisible();
    }
    const created = card(notStarted, name);
    await expect(created.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(created.getByText('New landing pages and a style guide')).toBeVisible();
    await expect(created.getByText('Mar 5, 2031')).toBeVisible();
    await expect(created.getByText('0/0 tasks')).toBeVisible();
    await expect(created.getByRole('progressbar', { name: 'Task progress' })).toHaveAttribute('aria-valuenow', '0');
    await expect(notStarted.getByText('1 project')).toBeVisible();

    // Keyboard: pick it up by its handle, one column right, drop.
    await keyboardDrag(page, created.getByRole('button', { name: `Move ${name}` }), [
      { key: 'ArrowRight', announced: `Project ${name} is over Planning.` },
    ]);
    await expect(page.getByText('Project status updated to Planning')).toBeVisible();
    const planning = column(page, 'Planning');
    await expect(card(planning, name)).toBeVisible();
    await expect(card(notStarted, name)).toBeHidden();

    // Drag by mouse from Planning to Review; the board keeps it after a reload.
    await dragTo(page, card(planning, name).getByText('New landing pages'), column(page, 'Review'));
    await expect(page.getByText('Project status updated to Review')).toBeVisible();
    await expect(card(column(page, 'Review'), name)).toBeVisible();
    await expect(card(column(page, 'Review'), name).getByText('Review', { exact: true })).toBeVisible();
    await page.reload();
    const review = column(page, 'Review');
    await expect(card(review, name)).toBeVisible();
    await expect(card(planning, name)).toBeHidden();
    await expect(notStarted.getByText('0 projects')).toBeVisible();
    await expect(planning.getByText('0 projects')).toBeVisible();
    await expect(review.getByText('1 project')).toBeVisible();

    // Edit: the form keeps Review, which it would not offer for a new project.
    await review.getByRole('button', { name, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Project' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    await expect(edit.getByLabel('Due Date')).toHaveValue('2031-03-05');
    await expect(edit.getByLabel('Status')).toHaveValue('Review');
    await expect(edit.getByLabel('Status').getByRole('option')).toHaveText([
      'Not Started',
      'In Progress',
      'Review',
      'Completed',
    ]);
    const renamed = `${name} v2`;
    await edit.getByLabel('Name').fill(renamed);
    await edit.getByLabel('Description').fill('');
    await edit.getByLabel('Due Date').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Project updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    const edited = card(review, renamed);
    await expect(edited).toBeVisible();
    await expect(edited.getByText('New landing pages')).toBeHidden();
    await expect(edited.getByText('Mar 5, 2031')).toBeHidden();
    await expect(edited.getByText('Review', { exact: true })).toBeVisible();

    // Delete from the edit modal, but say no: nothing happens.
    await review.getByRole('button', { name: renamed, exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Edit Project' });
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = `${dialog.type()}: ${dialog.message()}`;
      void dialog.dismiss();
    });
    await again.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => asked).toBe(`confirm: ${DELETE_CONFIRM}`);
    await expect(again).toBeVisible();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(again).toBeHidden();

    // Delete from the card, accepting the browser's confirmation.
    asked = '';
    page.once('dialog', (dialog) => {
      asked = `${dialog.type()}: ${dialog.message()}`;
      void dialog.accept();
    });
    await review.getByRole('button', { name: `Delete ${renamed}` }).click();
    await expect(page.getByText('Project deleted successfully')).toBeVisible();
    expect(asked).toBe(`confirm: ${DELETE_CONFIRM}`);
    await expect(page.getByText('No projects yet. Click Create Project to add one.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('No projects yet. Click Create Project to add one.')).toBeVisible();
    await expect(page.getByText(renamed)).toBeHidden();
  });

  test('a failed move is undone and the board read again', async ({ page, signedIn: _ }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    const name = unique('Migration');
    await createProject(page, { name });
    await page.route('**/api/projects/*/status', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' }),
    );
    await page.goto('/app/projects');
    const notStarted = column(page, 'Not Started');
    await dragTo(page, card(notStarted, name).getByText('0/0 tasks'), column(page, 'In Progress'));
    await expect(page.getByText('Failed to update project status')).toBeVisible();
    await expect(card(notStarted, name)).toBeVisible();
    await expect(card(column(page, 'In Progress'), name)).toBeHidden();
  });

  test('columns load more on demand, and the grid pages newest first and is remembered per user', async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    const names = Array.from({ length: 25 }, (_, i) => `Bulk ${String(i).padStart(2, '0')}`);
    for (const name of names) await createProject(page, { name });
    await createProject(page, { name: 'Planned one', status: 'Planning' });

    await page.goto('/app/projects');
    const view = page.getByRole('group', { name: 'View' });
    await expect(view.getByRole('button', { name: 'Board', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const notStarted = column(page, 'Not Started');
    await expect(notStarted.getByText('25 projects')).toBeVisible();
    await expect(column(page, 'Planning').getByText('1 project', { exact: true })).toBeVisible();
    const cards = notStarted.getByRole('listitem');
    await expect(cards).toHaveCount(20);
    await expect(cards.first()).toContainText('Bulk 24');
    await notStarted.getByRole('button', { name: 'Load more' }).click();
    await expect(cards).toHaveCount(25);
    await expect(cards.last()).toContainText('Bulk 00');
    await expect(notStarted.getByRole('button', { name: 'Load more' })).toBeHidden();

    await view.getByRole('button', { name: 'Grid', exact: true }).click();
    await expect(view.getByRole('button', { name: 'Grid', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(column(page, 'Not Started')).toBeHidden();
    const grid = page.getByRole('list', { name: 'Projects' }).getByRole('listitem');
    await expect(grid).toHaveCount(24);
    await expect(grid.first()).toContainText('Planned one');
    await expect(grid.first()).toContainText('Planning');
    await expect(grid.last()).toContainText('Bulk 02');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(grid).toHaveCount(2);
    await expect(grid).toContainText(['Bulk 01', 'Bulk 00']);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(grid).toHaveCount(24);

    // A grid card opens the same edit modal.
    await page.getByRole('button', { name: 'Planned one', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Project' }).getByLabel('Status')).toHaveValue('Planning');
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(view.getByRole('button', { name: 'Grid', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(grid).toHaveCount(24);

    // Another user in the same browser keeps their own choice: the default board.
    await signUpViaApi(page, 'Bob Jones');
    await page.goto('/app/projects');
    await expect(view.getByRole('button', { name: 'Board', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('No projects yet. Click Create Project to add one.')).toBeVisible();
  });

  test("a card shows how many of its project's tasks are done", async ({ page, signedIn: _ }) => {
    const project = await createProject(page, { name: 'Launch', status: 'In Progress' });
    for (const status of ['Done', 'Done', 'To Do']) {
      const task = await page.request.post('/api/tasks', {
        data: { name: unique('Task'), status, projectId: project.id },
      });
      expect(task.status(), await task.text()).toBe(201);
    }
    await page.goto('/app/projects');
    const launch = card(column(page, 'In Progress'), 'Launch');
    await expect(launch.getByText('2/3 tasks')).toBeVisible();
    const progress = launch.getByRole('progressbar', { name: 'Task progress' });
    await expect(progress).toHaveAttribute('aria-valuenow', '67');
    await expect(progress).toHaveAttribute('aria-valuetext', '2 of 3 tasks done');
  });

  test('on a phone the board scrolls sideways and nothing else overflows', async ({ page, signedIn: _ }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await createProject(page, { name: 'A project with a rather long name that must wrap inside its card' });
    // Unbroken words wrap too, in the board's fixed columns and in the grid.
    await createProject(page, { name: `Second-${'y'.repeat(80)}`, status: 'Review', description: 'x'.repeat(400) });
    await page.goto('/app/projects');
    const board = page.getByRole('group', { name: 'Project board' });
    await expect(column(page, 'Not Started')).toBeVisible();
    const overflow = () =>
      page.evaluate(() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        body: document.body.scrollWidth - document.body.clientWidth,
      }));
    expect(await overflow()).toEqual({ page: 0, body: 0 });
    expect(await board.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect((await column(page, 'Not Started').boundingBox())?.width).toBe(300);

    await page.getByRole('button', { name: 'Grid', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Projects' }).getByRole('listitem')).toHaveCount(2);
    expect(await overflow()).toEqual({ page: 0, body: 0 });

    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Project' })).toBeVisible();
    expect(await overflow()).toEqual({ page: 0, body: 0 });
  });

  test('the board, the grid and the modal have no serious accessibility violations', async ({ page, signedIn: _ }) => {
    await createProject(page, { name: 'Alpha', description: 'First project' });
    await createProject(page, { name: 'Beta', status: 'Review' });
    await page.goto('/app/projects');
    await expect(column(page, 'Review').getByRole('button', { name: 'Beta', exact: true })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Alpha', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Project' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Grid', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Projects' }).getByRole('listitem')).toHaveCount(2);
    await expectNoSeriousViolations(page);
  });

  test("a new user's empty board and grid offer the create button", async ({ page, signedIn: _ }) => {
    test.slow();
    await page.goto('/app/projects');
    for (const view of ['Board', 'Grid']) {
      await page.getByRole('button', { name: view, exact: true }).click();
      const empty = page.getByText('No projects yet. Click Create Project to add one.').locator('..');
      await empty.getByRole('button', { name: 'Create Project' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Project' });
      await expect(dialog.getByLabel('Name')).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    const name = unique('First project');
    await page
      .getByText('No projects yet. Click Create Project to add one.')
      .locator('..')
      .getByRole('button', { name: 'Create Project' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Create Project' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Project created successfully')).toBeVisible();
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  });
});
