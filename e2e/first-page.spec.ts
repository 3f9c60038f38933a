import { CA_MATH, expect, test } from './fixtures';

test('the home page lists the frameworks the local API serves, with attribution', async ({ page, expectNoSeriousA11yViolations }) => {
  await page.goto('/');
  const list = page.getByRole('list', { name: 'Frameworks' });
  await expect(list.getByRole('link', { name: /California Common Core State Standards - Mathematics/ })).toBeVisible();
  await expect(list.getByRole('link', { name: /Common Core State Standards for Math/ })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(
    'California Mathematics standards provided by California Department of Education',
  );
  await expectNoSeriousA11yViolations();
});

test('opening a framework loads its top level from the API', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: /California Common Core/ }).click();
  await expect(page).toHaveURL(new RegExp(`/frameworks/${CA_MATH}`));
  const groups = page.getByRole('list', { name: 'Top-level groupings' }).getByRole('listitem');
  await expect(groups).toHaveCount(3);
  await expect(groups.first()).toContainText('Standards for Math Content');
  await expect(page.getByRole('contentinfo')).toContainText('California Department of Education');
});

test('an unknown framework says so instead of spinning', async ({ page }) => {
  await page.goto('/frameworks/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toContainText('No standard or framework has the CASE UUID 00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('contentinfo')).toBeVisible();
});
