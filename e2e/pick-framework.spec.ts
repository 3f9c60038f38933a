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

test('frameworks filter by jurisdiction and name, and the last opened comes first', async ({ page }) => {
  await page.goto('/');
  const links = page.getByRole('list', { name: 'Frameworks' }).getByRole('link');
  await page.getByLabel('Jurisdiction').selectOption('California');
  await expect(links).toHaveCount(1);
  await page.getByLabel('Jurisdiction').selectOption('');
  await page.getByLabel('Find a framework').fill('common core state standards for');
  await expect(links).toHaveCount(1);
  await expect(links.first()).toContainText('Common Core State Standards for Math');
  await page.getByLabel('Find a framework').fill('no such thing');
  await expect(page.getByText('No framework matches')).toBeVisible();

  await page.getByLabel('Find a framework').fill('');
  await links.filter({ hasText: 'Common Core State Standards for Math' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Common Core State Standards for Math');
  await page.goto('/');
  await expect(links.first()).toContainText('Common Core State Standards for Math');
  await expect(links.first()).toContainText('Recently opened');
});

test('a framework CASE UUID pasted by hand opens it; a wrong one says why', async ({ page }) => {
  await page.goto('/');
  await page.getByText("Have a framework's CASE UUID?").click();
  await page.getByLabel('Open by CASE UUID').fill('not a uuid');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('alert')).toContainText('Paste a CASE UUID');
  await page.getByLabel('Open by CASE UUID').fill(` https://example.org/CFDocuments/${CA_MATH.toUpperCase()} `);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/frameworks/${CA_MATH}`));
  await expect(page.getByRole('treeitem', { name: /^Standards for Math Content/ })).toBeVisible();
});
