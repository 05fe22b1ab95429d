import { expect, type Locator, type Page } from '@playwright/test';

/** Navbar and footer, present on every page. */
export class AppFrame {
  readonly mainNavigation: Locator;
  readonly accountMenuButton: Locator;

  constructor(private readonly page: Page) {
    this.mainNavigation = page.getByRole('navigation', { name: /main navigation|hauptnavigation/i });
    this.accountMenuButton = page.getByRole('button', { name: /account menu|kontomenü/i });
  }

  async chooseAccountMenuEntry(name: string | RegExp): Promise<void> {
    await this.accountMenuButton.click();
    await this.page.getByRole('menuitem', { name }).click();
  }

  themeToggle(): Locator {
    return this.page.getByRole('button', {
      name: /switch to (dark|light) theme|zum (dunklen|hellen) design/i,
    });
  }

  async switchLanguage(language: 'English' | 'Deutsch'): Promise<void> {
    // Named "EN English" / "DE Deutsch": the visible code, then the language's name.
    const button = this.page.getByRole('button', { name: new RegExp(`^[A-Z]{2} ${language}$`) });
    await button.click();
    // Pressed once the language is in effect (its texts loaded), so a following reload keeps it.
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
}
