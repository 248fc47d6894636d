import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The toast with this text (react-hot-toast shows it as a status). */
export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** Axe finds nothing serious or critical on the page as it is now. */
export async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}

/**
 * A mouse drag in small steps, as a person does it: dnd-kit starts after 10 px of movement. The target column
 * is scrolled into view first and measured again before the drop: a pointer resting near the board's edge makes
 * dnd-kit scroll the board, by more on a slow machine, which would carry the drop past the target.
 */
export async function dragTo(page: Page, source: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag source or target is not on screen');
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 15, start.y + 5, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 120), { steps: 15 });
  const settled = await target.boundingBox();
  if (!settled) throw new Error('drag target left the screen');
  await page.mouse.move(settled.x + settled.width / 2, settled.y + Math.min(settled.height / 2, 120), { steps: 3 });
  await page.mouse.up();
}

/**
 * A keyboard drag as a screen-reader user makes it: Space on the handle, each arrow once the item is picked up and
 * measured, and the drop once the live region has announced where the item is over. dnd-kit listens for the
 * arrows only from a timer it sets at pickup: on a busy machine React had already shown the item picked up when
 * the arrow came, which then scrolled the board instead (seen in CI), so a timer set after it is awaited first.
 */
export async function keyboardDrag(page: Page, handle: Locator, keys: { key: string; announced: string }[]) {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: / is over / })).toBeAttached();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  for (const { key, announced } of keys) {
    await page.keyboard.press(key);
    await expect(page.getByText(announced, { exact: true })).toBeAttached();
  }
  await page.keyboard.press('Space');
}
