import { expect, test } from '@playwright/test';
import { EvaluationCalculatorPage } from './pages/EvaluationCalculatorPage.ts';
import { createAccount, signInViaApi } from './support/accounts.ts';

test('the /evaluation calculator sorts the options by score and stars the best one', async ({
  page,
  request,
}) => {
  await signInViaApi(page, await createAccount(request), 'no page');
  const calculator = new EvaluationCalculatorPage(page);
  await calculator.goto();

  // Every cell is required.
  await calculator.calculateButton.click();
  await expect(calculator.incompleteWarning).toBeVisible();
  await expect(calculator.result).toHaveCount(0);

  await calculator.criterionName(1).fill('Taste');
  await calculator.criterionName(2).fill('Price');
  await calculator.weight('Taste').fill('60');
  await calculator.weight('Price').fill('40');
  await calculator.addOptionButton.click();
  await calculator.optionName(1).fill('Pizza');
  await calculator.optionName(2).fill('Salad');
  await calculator.optionName(3).fill('Soup');
  const ratings: Record<string, [number, number]> = { Pizza: [5, 2], Salad: [3, 4], Soup: [4, 5] };
  for (const [option, [taste, price]] of Object.entries(ratings)) {
    await calculator.rating(option, 'Taste').fill(String(taste));
    await calculator.rating(option, 'Price').fill(String(price));
  }
  // Outside 1–5 is refused.
  await calculator.rating('Soup', 'Price').fill('7');
  await calculator.calculateButton.click();
  await expect(calculator.incompleteWarning).toBeVisible();
  await expect(calculator.rating('Soup', 'Price')).toHaveAttribute('aria-invalid', 'true');
  await calculator.rating('Soup', 'Price').fill('5');
  await calculator.calculateButton.click();

  // Σ rating × weight / 100: Soup 4.40, Pizza 3.80, Salad 3.40.
  await expect(calculator.result.getByRole('heading', { name: 'Result' })).toBeVisible();
  await expect(calculator.resultItems).toHaveText([/Soup\s*4\.40$/, /Pizza\s*3\.80$/, /Salad\s*3\.40$/]);
  await expect(calculator.resultItems.nth(0)).toContainText('Best option');
  await expect(calculator.resultItems.nth(0).locator('svg.lucide-star')).toBeVisible();
  await expect(calculator.resultItems.nth(1).locator('svg.lucide-star')).toHaveCount(0);

  // Changing an input withdraws the result until it is calculated again.
  await calculator.rating('Pizza', 'Price').fill('5');
  await expect(calculator.result).toHaveCount(0);
  await calculator.calculateButton.click();
  await expect(calculator.resultItems).toHaveText([/Pizza\s*5\.00$/, /Soup\s*4\.40$/, /Salad\s*3\.40$/]);
});
