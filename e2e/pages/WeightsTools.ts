import { expect, type Locator, type Page } from '@playwright/test';

/**
 * "Find the weights" beside a criteria editor or a voter's own weights: Scale to 100 %, and the
 * dialogs "Rank them" and "Compare in pairs" (web/features/weights).
 */
export class WeightsTools {
  readonly scaleButton: Locator;
  readonly rankButton: Locator;
  readonly pairsButton: Locator;
  readonly rankDialog: Locator;
  readonly pairsDialog: Locator;
  /** The live result of the pairs dialog: weights and the consistency ratio. */
  readonly pairsResult: Locator;
  /** The warning shown while the pairwise answers contradict each other. */
  readonly contradictionWarning: Locator;

  constructor(private readonly page: Page) {
    const tools = page.getByRole('main').getByRole('group', { name: /^(Find the weights|Gewichte finden)$/ });
    this.scaleButton = tools.getByRole('button', { name: /^(Scale to 100 %|Auf 100 % skalieren)$/ });
    this.rankButton = tools.getByRole('button', { name: /^(Rank them|Rangfolge bilden)$/ });
    this.pairsButton = tools.getByRole('button', { name: /^(Compare in pairs|Paarweise vergleichen)$/ });
    this.rankDialog = page.getByRole('dialog', {
      name: /^(Rank the criteria|Kriterien in eine Rangfolge bringen)$/,
    });
    this.pairsDialog = page.getByRole('dialog', {
      name: /^(Compare the criteria in pairs|Kriterien paarweise vergleichen)$/,
    });
    this.pairsResult = this.pairsDialog.getByRole('region', {
      name: /^(Resulting weights|Ergebnis: Gewichte)$/,
    });
    this.contradictionWarning = this.pairsDialog.getByRole('alert');
  }

  /** The rows of the rank dialog, most important first. */
  rankRows(): Locator {
    return this.rankDialog.getByRole('row');
  }

  async moveUp(criterion: string, times = 1): Promise<void> {
    for (let step = 0; step < times; step += 1) {
      await this.rankDialog.getByRole('button', { name: `Move ${criterion} up` }).click();
    }
  }

  async moveDown(criterion: string, times = 1): Promise<void> {
    for (let step = 0; step < times; step += 1) {
      await this.rankDialog.getByRole('button', { name: `Move ${criterion} down` }).click();
    }
  }

  /**
   * Answers one pair: `favoured` matters more by `intensity` (2–9), or both equally (favoured null).
   * The pair is named as the dialog asks it: first, then second.
   */
  async answer(first: string, second: string, favoured: string | null, intensity = 1): Promise<void> {
    const pair = this.pairsDialog.getByRole('radiogroup', {
      name: `${first} or ${second}: which matters more, and how much?`,
    });
    const name =
      favoured === null ? 'Both matter equally: 1' : new RegExp(`^${favoured} matters more: ${intensity},`);
    // As a person does: on the segment (the radio itself is visually hidden inside it).
    await pair.locator('label', { has: this.page.getByRole('radio', { name }) }).click();
    await expect(pair.getByRole('radio', { name })).toBeChecked();
  }

  /** "Use these weights" of the open dialog. */
  async useWeights(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: /^(Use these weights|Diese Gewichte übernehmen)$/ }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
