import type { Locator, Page } from '@playwright/test';

export class ProfilePage {
  readonly avatar: Locator;
  readonly avatarFileInput: Locator;
  readonly nickname: Locator;
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly birthday: Locator;
  readonly saveButton: Locator;
  readonly loadingText: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.avatar = main.getByRole('img', { name: 'Your profile picture' });
    this.avatarFileInput = main.getByLabel('Choose image');
    this.nickname = main.getByLabel('Nickname');
    this.firstName = main.getByLabel('First name');
    this.lastName = main.getByLabel('Last name');
    this.birthday = main.getByLabel('Birthday');
    this.saveButton = main.getByRole('button', { name: 'Save' });
    this.loadingText = main.getByText('Loading profile');
  }

  async goto(): Promise<void> {
    await this.page.goto('/profile');
  }

  async uploadAvatar(png: Buffer): Promise<void> {
    await this.avatarFileInput.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
  }
}
