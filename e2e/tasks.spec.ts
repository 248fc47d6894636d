import type { Locator, Page } from '@playwright/test';
import { expect, test, unique } from './support/fixtures';
import { dragTo } from './support/helpers';
import { column, createProject, createTask } from './support/tasks';

// Tasks and their categories: made, filtered, dragged, edited and deleted. The screen on a phone, and its view
// toggle, are in tasks-layout.spec.ts.

const card = (scope: Locator, name: string) => scope.getByRole('listitem').filter({ hasText: name });
const filtersBar = (page: Page) => page.getByRole('search', { name: 'Task filters' });

test.describe('tasks', () => {
  test('a category is created, a task linked to a project gets it, shows its colour and is checked Done', async ({
    page,
    signedIn: _,
  }) => {
    test.slow();
    const project = await createProject(page);
    const categoryName = unique('Design');
    const taskName = unique('Draft the wireframes');

    await page.goto('/app/tasks');
    await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
    await expect(page.getByText('No tasks yet. Click Create Task to add one.')).toBeVisible();

    // The category: the button waits for a name; the colour shows its hex.
    await page.getByRole('button', { name: 'Create category' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'Create category' });
    const createCategory = categoryDialog.getByRole('button', { name: 'Create' });
    await expect(categoryDialog.getByLabel('Colour')).toHaveValue('#94a3b8');
    await expect(createCategory).toBeDisabled();
    await categoryDialog.getByLabel('Name').fill('   ');
    await expect(createCategory).toBeDisabled();
    await categoryDialog.getByLabel('Name').fill(categoryName);
    await categoryDialog.getByLabel('Colour').fill('#16a34a');
    await expect(categoryDialog.getByText('#16a34a', { exact: true })).toBeVisible();
    await createCategory.click();
    await expect(page.getByText('Category created successfully')).toBeVisible();
    await expect(categoryDialog).toBeHidden();

    // The task: a blank name is refused in the form.
    await page.getByRole('button', { name: 'Create Task' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create Task' });
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByText('Task name is required')).toBeVisible();

    await create.getByLabel('Name').fill(taskName);
    await create.getByLabel('Description').fill('Three layouts for the home page');
    await create.getByLabel('Due date').fill('2030-01-15T10:30');
    await create.getByLabel('Milestone').check();
    await create.getByLabel('Category').selectOption({ label: categoryName });
    // Part 2 §4: a project or a deal, never both; choosing the project disables the deal's selector.
    const deal = create.getByRole('combobox', { name: 'Deal' });
    await expect(deal).toBeEnabled();
    const projectPicker = create.getByRole('combobox', { name: 'Project' });
    await projectPicker.fill(project.name.split(' ')[0]!);
    await create.getByRole('option', { name: new RegExp(project.name) }).click();
    await expect(projectPicker).toHaveValue(project.name);
    await expect(deal).toBeDisabled();
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Task created successfully')).toBeVisible();
    await expect(create).toBeHidden();

    const todo = column(page, 'To Do');
    const taskCard = card(todo, taskName);
    await expect(taskCard).toBeVisible();
    await expect(todo.getByText('1 task')).toBeVisible();
    await expect(taskCard.getByRole('img', { name: 'Milestone' })).toBeVisible();
    await expect(taskCard.getByText(project.name)).toBeVisible();
    await expect(taskCard.getByText('Jan 15, 2030, 10:30 AM')).toBeVisible();
    // The category's label wears its colour, with text readable on it.
    const label = taskCard.getByText(categoryName, { exact: true }).locator('..');
    await expect(label).toHaveCSS('background-color', 'rgb(22, 163, 74)');

    // The check button sets it Done.
    await taskCard.getByRole('button', { name: `Mark ${taskName} done` }).click();
    await expect(page.getByText('Task completed')).toBeVisible();
    const done = column(page, 'Done');
    await expect(card(done, taskName)).toBeVisible();
    await expect(card(todo, taskName)).toBeHidden();
    await expect(card(done, taskName).getByRole('button', { name: `Mark ${taskName} done` })).toBeHidden();
    await page.reload();
    await expect(card(column(page, 'Done'), taskName)).toBeVisible();

    // The saved task, as the server has it.
    const saved = await (await page.request.get('/api/tasks?limit=5')).json();
    expect(saved.items[0]).toMatchObject({
      name: taskName,
      status: 'Done',
      isMilestone: true,
      projectId: project.id,
      dealId: null,
      category: { name: categoryName, color: '#16a34a' },
    });
  });

  test('a category filter on the list lives in the address and survives a reload', async ({ page, signedIn: _ }) => {
    const category = await (
      await page.request.post('/api/task-categories', { data: { name: unique('Ops'), color: '#1d4ed8' } })
    ).json();
    const matching = unique('Renew the certificate');
    const other = unique('Order coffee');
    await createTask(page, { name: matching, categoryId: category.id });
    await createTask(page, { name: other });

    await page.goto('/app/tasks');
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
    const list = page.getByRole('list', { name: 'Tasks' });
    await expect(list.getByText(matching)).toBeVisible();
    await expect(list.getByText(other)).toBeVisible();

    const select = filtersBar(page).getByLabel('Category');
    await select.selectOption({ label: category.name });
    await expect(page).toHaveURL(new RegExp(`[?&]categoryId=${category.id}`));
    await expect(list.getByText(other)).toBeHidden();
    await expect(list.getByText(matching)).toBeVisible();

    await page.reload();
    // The view (list) is remembered, and the filter is still applied.
    await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(new RegExp(`[?&]categoryId=${category.id}`));
    await expect(filtersBar(page).getByLabel('Category')).toHaveValue(category.id);
    await expect(list.getByText(matching)).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);

    // Text search narrows further; nothing matching shows the no-match state.
    await filtersBar(page).getByLabel('Search tasks').fill('no such words');
    await expect(page).toHaveURL(/[?&]q=no\+such\+words/);
    await expect(page.getByText('No tasks match these filters.')).toBeVisible();
    await filtersBar(page).getByRole('button', { name: 'Clear filters' }).click();
    await expect(list.getByText(other)).toBeVisible();
    await expect(filtersBar(page).getByLabel('Search tasks')).toHaveValue('');
  });

  test('a task is dragged to another column', async ({ page, signedIn: _ }) => {
    const name = unique('Write the release notes');
    await createTask(page, { name });
    await page.goto('/app/tasks');
    const todo = column(page, 'To Do');
    await dragTo(page, todo.getByText(name), column(page, 'In Progress'));
    await expect(page.getByText('Task moved to In Progress')).toBeVisible();
    await expect(card(column(page, 'In Progress'), name)).toBeVisible();
    await page.reload();
    await expect(card(column(page, 'In Progress'), name)).toBeVisible();
    await expect(card(todo, name)).toBeHidden();
  });

  test('/tasks/<id> opens the task details, where it is edited and deleted', async ({ page, signedIn: _ }) => {
    const name = unique('Call the printer');
    const task = await createTask(page, { name, description: 'About the flyers' });
    await page.goto(`/tasks/${task.id}`);
    await expect(page).toHaveURL(new RegExp(`/app/tasks\\?task=${task.id}`));
    const details = page.getByRole('dialog', { name: 'Task Details' });
    await expect(details.getByLabel('Name')).toHaveValue(name);
    await expect(details.getByLabel('Description')).toHaveValue('About the flyers');

    await details.getByLabel('Name').fill('');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details.getByText('Task name is required')).toBeVisible();
    await details.getByLabel('Name').fill(`${name} again`);
    await details.getByLabel('Status').selectOption('In Progress');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Task updated successfully')).toBeVisible();
    await expect(details).toBeHidden();
    await expect(page).not.toHaveURL(/task=/);
    await expect(card(column(page, 'In Progress'), `${name} again`)).toBeVisible();

    await column(page, 'In Progress')
      .getByRole('button', { name: `${name} again`, exact: true })
      .click();
    await details.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Task' });
    await expect(confirm.getByText('Are you sure you want to delete this task?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Task deleted')).toBeVisible();
    await expect(details).toBeHidden();
    await expect(page.getByText('No tasks yet. Click Create Task to add one.')).toBeVisible();
  });

  test('categories are renamed, recoloured and deleted; their tasks stay', async ({ page, signedIn: _ }) => {
    const category = await (
      await page.request.post('/api/task-categories', { data: { name: unique('Admin') } })
    ).json();
    const name = unique('File the receipts');
    await createTask(page, { name, categoryId: category.id });
    await page.goto('/app/tasks');
    await expect(card(column(page, 'To Do'), name).getByText(category.name)).toBeVisible();

    await page.getByRole('button', { name: 'Manage categories' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage categories' });
    await manage.getByLabel(`Name of ${category.name}`).fill('Paperwork');
    await manage.getByLabel(`Colour of ${category.name}`).fill('#b91c1c');
    await manage.getByRole('button', { name: `Save ${category.name}` }).click();
    await expect(page.getByText('Category updated successfully')).toBeVisible();
    await expect(manage.getByLabel('Name of Paperwork')).toHaveValue('Paperwork');

    await manage.getByRole('button', { name: 'Delete Paperwork' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Category' });
    await expect(confirm.getByText('Are you sure you want to delete this category?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Category deleted')).toBeVisible();
    await manage.getByRole('button', { name: 'Close' }).first().click();
    const taskCard = card(column(page, 'To Do'), name);
    await expect(taskCard).toBeVisible();
    await expect(taskCard.getByText('Paperwork')).toBeHidden();
  });
});
