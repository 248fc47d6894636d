import { expect, test } from './support/fixtures';
import { createAll, listedNames } from './support/contacts';
import { expectNoSeriousViolations } from './support/helpers';

// The contacts list: paged, searched and sorted, each kept in the address.

test.describe('contacts', () => {
  test('many contacts are paged forward, back and to the first page', async ({ page, signedIn: _ }) => {
    // 101 contacts through the API, ten at a time: one by one they take most of the test's time on a busy machine.
    test.slow();
    for (let start = 0; start < 101; start += 10) {
      const names = Array.from(
        { length: Math.min(10, 101 - start) },
        (_, i) => `Person ${String(start + i).padStart(3, '0')}`,
      );
      const responses = await Promise.all(names.map((name) => page.request.post('/api/contacts', { data: { name } })));
      expect(responses.map((response) => response.status())).toEqual(names.map(() => 201));
    }
    await page.goto('/app/contacts');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(page.getByText('101 contacts')).toBeVisible();
    await expect(pagination.getByText('1–50 of 101')).toBeVisible();
    await expect(pagination.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(pagination.getByText('51–100 of 101')).toBeVisible();
    await expect(page.getByRole('row', { name: /Person 050/ })).toBeVisible();
    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(pagination.getByText('101–101 of 101')).toBeVisible();
    await expect(page.getByRole('row', { name: /Person 100/ })).toBeVisible();
    await expect(pagination.getByRole('button', { name: 'Next' })).toBeDisabled();

    await pagination.getByRole('button', { name: 'Previous' }).click();
    await expect(pagination.getByText('51–100 of 101')).toBeVisible();
    await expect(page.getByRole('row', { name: /Person 099/ })).toBeVisible();
    await pagination.getByRole('button', { name: 'Next' }).click();
    await pagination.getByRole('button', { name: 'First' }).click();
    await expect(pagination.getByText('1–50 of 101')).toBeVisible();
    await expect(page.getByRole('row', { name: /Person 000/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Person 050/ })).toBeHidden();
  });

  test('a search narrows the list, stays in the address after a reload, and says when nothing matches', async ({
    page,
    signedIn: _,
  }) => {
    await createAll(page, [
      { name: 'Ada Lovelace', email: 'ada@analytical.example', company: 'Analytical Engines' },
      { name: 'Grace Hopper', company: 'Navy' },
      { name: 'Katherine Johnson', phone: '555 0100', company: 'NASA' },
    ]);
    await page.goto('/app/contacts');
    await expect(listedNames(page)).toHaveText(['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson']);
    await expectNoSeriousViolations(page);

    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    await expect(search).toHaveAttribute('placeholder', 'Name, email, company or phone');
    await search.fill('navy');
    await expect(listedNames(page)).toHaveText(['Grace Hopper']);
    await expect(page).toHaveURL(/[?&]q=navy/);
    // The total stays the count of all contacts.
    await expect(page.getByText('3 contacts')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search contacts' })).toHaveValue('navy');
    await expect(listedNames(page)).toHaveText(['Grace Hopper']);

    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('0100');
    await expect(listedNames(page)).toHaveText(['Katherine Johnson']);
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('nobody at all');
    await expect(page.getByText('No contacts match your search')).toBeVisible();
    await expect(page.getByText('No contacts found. Click the Create button to add one.')).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('');
    await expect(listedNames(page)).toHaveText(['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson']);
    await expect(page).not.toHaveURL(/[?&]q=/);
  });

  test('a column header sorts by it, ascending then descending, with empty values last then first', async ({
    page,
    signedIn: _,
  }) => {
    await createAll(page, [
      { name: 'Alice', company: 'Beta' },
      { name: 'Bob', company: 'Zeta' },
      { name: 'Carol', company: 'Acme' },
      { name: 'Dan' },
    ]);
    await page.goto('/app/contacts');
    const header = (name: string) => page.getByRole('columnheader', { name });
    await expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    await expect(listedNames(page)).toHaveText(['Alice', 'Bob', 'Carol', 'Dan']);

    await header('Company').getByRole('button', { name: 'Company' }).click();
    await expect(header('Company')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header('Name')).not.toHaveAttribute('aria-sort');
    await expect(listedNames(page)).toHaveText(['Carol', 'Alice', 'Bob', 'Dan']);
    await expect(page).toHaveURL(/sort=company&dir=asc/);

    await header('Company').getByRole('button', { name: 'Company' }).click();
    await expect(header('Company')).toHaveAttribute('aria-sort', 'descending');
    await expect(listedNames(page)).toHaveText(['Dan', 'Bob', 'Alice', 'Carol']);
    await expect(page).toHaveURL(/sort=company&dir=desc/);
    // The button keeps the focus, so the keyboard can sort again at once.
    await expect(header('Company').getByRole('button')).toBeFocused();

    await page.reload();
    await expect(header('Company')).toHaveAttribute('aria-sort', 'descending');
    await expect(listedNames(page)).toHaveText(['Dan', 'Bob', 'Alice', 'Carol']);
  });
});
