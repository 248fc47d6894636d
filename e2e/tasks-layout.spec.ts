import type { Locator } from '@playwright/test';
import { expect, test, unique } from './support/fixtures';
import { expectNoSeriousViolations } from './support/helpers';
import { column, createProject, createTask } from './support/tasks';

// The tasks screen's layout: the board and the header on a phone, and its view toggle beside the projects' one.

test.describe('tasks', () => {
  test('on a phone only the board scrolls sideways, and the screen passes axe', async ({ page, signedIn: _ }) => {
    const project = await createProject(page);
    const category = await (
      await page.request.post('/api/task-categories', { data: { name: unique('Legal'), color: '#fde047' } })
    ).json();
    await createTask(page, {
      name: unique('Sign the contract'),
      categoryId: category.id,
      projectId: project.id,
      isMilestone: true,
      dueDate: new Date(Date.now() - 86_400_000).toISOString(),
    });
    await createTask(page, { name: unique('Plan the launch'), status: 'In Progress' });

    await page.goto('/app/tasks');
    await expect(column(page, 'To Do').getByText('Overdue', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Task' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const board = page.getByRole('group', { name: 'Task board' });
    await expect(column(page, 'Done')).toBeAttached();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    const scroller = await board.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(scroller.scroll).toBeGreaterThan(scroller.client);
  });

  test('on a phone the header keeps one row, with the category actions in a menu', async ({ page, signedIn: _ }) => {
    test.slow();
    await createTask(page, { name: unique('Send the invoice') });
    const tops = (locators: Locator[]) => Promise.all(locators.map(async (l) => (await l.boundingBox())?.y));
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/app/tasks');
      const toggle = page.getByRole('group', { name: 'View' });
      const create = page.getByRole('button', { name: 'Create Task' });
      await expect(create).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page);
      if (width === 1280) {
        const createCategory = page.getByRole('button', { name: 'Create category' });
        const manage = page.getByRole('button', { name: 'Manage categories' });
        const [a, ...rest] = await tops([toggle, createCategory, manage, create]);
        expect(rest).toEqual([a, a, a]);
        await expect(page.getByRole('button', { name: 'More actions' })).toBeHidden();
        continue;
      }
      const more = page.getByRole('button', { name: 'More actions' });
      const [a, ...rest] = await tops([toggle, more, create]);
      expect(rest).toEqual([a, a]);
      await expect(page.getByRole('button', { name: 'Create category' })).toBeHidden();

      await more.click();
      const menu = page.getByRole('menu', { name: 'More actions' });
      await expect(menu.getByRole('menuitem')).toHaveText(['Create category', 'Manage categories']);
      await expectNoSeriousViolations(page);
      await menu.getByRole('menuitem', { name: 'Create category' }).click();
      const categoryDialog = page.getByRole('dialog', { name: 'Create category' });
      await categoryDialog.getByLabel('Name').fill(unique('Billing'));
      await categoryDialog.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByText('Category created successfully')).toBeVisible();
      await expect(categoryDialog).toBeHidden();

      await more.click();
      await menu.getByRole('menuitem', { name: 'Manage categories' }).click();
      const manage = page.getByRole('dialog', { name: 'Manage categories' });
      await expect(manage).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(manage).toBeHidden();
      await expect(more).toBeFocused();
    }
  });

  test('the Board/List toggle is the same component as the projects one', async ({ page, signedIn: _ }) => {
    const look = async (path: string) => {
      await page.goto(path);
      const group = page.getByRole('group', { name: 'View' });
      const pressed = group.getByRole('button', { name: 'Board', exact: true });
      await expect(pressed).toHaveAttribute('aria-pressed', 'true');
      const style = (el: Element) => {
        const css = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return { height: box.height, background: css.backgroundColor, color: css.color, border: css.borderTopColor };
      };
      return { group: await group.evaluate(style), pressed: await pressed.evaluate(style) };
    };
    expect(await look('/app/tasks')).toEqual(await look('/app/projects'));
  });
});
