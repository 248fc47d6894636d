import { expect, test, unique } from './support/fixtures';
import { column, createPipeline } from './support/deals';
import { expectNoSeriousViolations } from './support/helpers';

// The deal board: a column's deals a page at a time, and at two widths a board that shows it scrolls and scrolls by
// keyboard.

test.describe('deals', () => {
  test('a column shows its first 20 deals and loads the rest on demand', async ({ page, signedIn: _ }) => {
    const pipeline = await createPipeline(page);
    const names = Array.from({ length: 23 }, (_, i) => `Bulk ${String(i).padStart(2, '0')}`);
    for (const name of names) {
      const response = await page.request.post('/api/deals', {
        data: { name, pipelineId: pipeline.id, stage: 'Proposal Sent', value: 10 },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto('/app/deals');
    const proposal = column(page, 'Proposal Sent');
    await expect(proposal.getByText('23 deals')).toBeVisible();
    await expect(proposal.getByText('$230')).toBeVisible();
    const cards = proposal.getByRole('listitem');
    await expect(cards).toHaveCount(20);
    await proposal.getByRole('button', { name: 'Load more' }).click();
    await expect(cards).toHaveCount(23);
    await expect(proposal.getByRole('button', { name: 'Load more' })).toBeHidden();
  });

  for (const width of [1280, 375]) {
    test(`at ${width} px the board shows that it scrolls and the keyboard scrolls it; a card names its next activity and not its column`, async ({
      page,
      signedIn: _,
    }) => {
      // Three axe runs: near a minute on a loaded two-core machine.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 800 });
      const pipeline = await createPipeline(page);
      const dealName = unique('Acme renewal');
      const created = await page.request.post('/api/deals', {
        data: { name: dealName, pipelineId: pipeline.id, stage: 'Lead', value: 12500 },
      });
      expect(created.status()).toBe(201);
      await page.goto('/app/deals');
      const card = column(page, 'Lead').getByRole('listitem').filter({ hasText: dealName });
      await expect(card).toBeVisible();
      // The column already says Lead; the card says what its yellow icon means.
      await expect(card.getByText('Lead', { exact: true })).toHaveCount(0);
      await expect(card.getByText('No activities')).toBeVisible();

      // Six columns do not fit: the right edge, and only it, shows there is more.
      const board = page.getByRole('group', { name: 'Deal board' });
      const moreLeft = page.locator('[data-more="left"]');
      const moreRight = page.locator('[data-more="right"]');
      await expect(moreRight).toBeVisible();
      await expect(moreLeft).toBeHidden();
      await expect(column(page, 'Won')).not.toBeInViewport({ ratio: 1 });

      // The keyboard reaches the board and scrolls it to the last column.
      await page.getByRole('button', { name: 'Create Deal' }).focus();
      await page.keyboard.press('Tab');
      await expect(board).toBeFocused();
      await expectNoSeriousViolations(page);
      for (let i = 0; i < 60 && !(await moreRight.isHidden()); i++) await page.keyboard.press('ArrowRight');
      await expect(column(page, 'Lost')).toBeInViewport({ ratio: 1 });
      await expect(moreRight).toBeHidden();
      await expect(moreLeft).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // The card focused, and picked up from the keyboard: nothing serious.
      await card.getByRole('button', { name: dealName, exact: true }).focus();
      await expectNoSeriousViolations(page);
      await card.getByRole('button', { name: `Move ${dealName}` }).focus();
      await page.keyboard.press('Space');
      await expect(card.getByRole('button', { name: `Move ${dealName}` })).toHaveAttribute('aria-pressed', 'true');
      await expectNoSeriousViolations(page);
      await page.keyboard.press('Escape');
      await expect(card.getByRole('button', { name: `Move ${dealName}` })).not.toHaveAttribute('aria-pressed', 'true');
    });
  }
});
