import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in frame under /x: sidebar, location selector, user menu, signed-out dialog. */
export class XFrame {
  readonly sidebar: Locator;
  readonly locationSelector: Locator;
  readonly userMenuButton: Locator;
  readonly content: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Sections' });
    this.locationSelector = page.getByRole('combobox', { name: 'Location' });
    this.userMenuButton = page.getByTestId('user-menu');
    this.content = page.locator('.sb-x-main');
  }

  async open(path = '/x'): Promise<void> {
    await this.page.goto(path);
    await this.waitUntilShown();
  }

  /**
   * The frame is on show (its header's user menu: on small screens the sidebar folds away). The
   * frame's chunk and antd load with the route: on a busy two-core machine that took over 10 s.
   */
  async waitUntilShown(): Promise<void> {
    await expect(this.userMenuButton).toBeVisible({ timeout: 25_000 });
  }

  /** Opens a screen and waits for its heading (a remote's first render can take a while); answers the heading. */
  async openScreen(path: string, heading: string): Promise<Locator> {
    await this.open(path);
    const h1 = this.page.getByRole('heading', { level: 1, name: heading, exact: true });
    await expect(h1).toBeVisible({ timeout: 25_000 });
    return h1;
  }

  /** Resolves once the live event stream (user/sse) is open. */
  async waitForLiveSession(): Promise<void> {
    await expect(this.page.locator('[data-live-session="open"]')).toBeAttached();
  }

  async sidebarLabels(): Promise<string[]> {
    await expect(this.sidebar.getByRole('link').first()).toBeVisible();
    return (await this.sidebar.getByRole('link').allInnerTexts()).map((text) => text.trim());
  }

  /** The options of the location selector, as shown. */
  async locationOptions(): Promise<string[]> {
    // The dropdown can close under the reader when the locations arrive and the selector
    // re-renders: open it again and read until the options are there.
    let labels: string[] = [];
    await expect(async () => {
      const dropdown = this.page.locator('.ant-select-dropdown:visible');
      if ((await dropdown.count()) === 0) await this.locationSelector.click();
      const options = dropdown.locator('.ant-select-item-option');
      await expect(options.first()).toBeVisible({ timeout: 2_000 });
      labels = (await options.allInnerTexts()).map((text) => text.trim());
      expect(labels.length).toBeGreaterThan(0);
    }).toPass({ timeout: 15_000 });
    await this.page.keyboard.press('Escape');
    // Closed, not closing: a click while its closing animation runs lands on the old list.
    await expect(this.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
    return labels;
  }

  /**
   * The item of the user menu named `name` (Profile, Messages, Sign out), once the menu has
   * finished opening: while antd's opening motion runs (its `-appear` classes; over half a second
   * on a busy two-core machine) the popup is still being placed, and a click then can miss.
   */
  async userMenuItem(name: string | RegExp): Promise<Locator> {
    await this.userMenuButton.click();
    await expect(this.page.locator('.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-appear"])')).toHaveCount(1);
    const item = this.page.getByRole('menuitem', { name });
    await expect(item).toBeVisible();
    return item;
  }

  /** Signs out from the user menu; antd closes the menu when an item's click lands. */
  /** Signs out from the user menu, and waits for the server's answer: the sign-in page shows as the request leaves, not once the session has ended. */
  async signOut(): Promise<void> {
    const item = await this.userMenuItem('Sign out');
    const ended = this.page.waitForResponse((response) => response.url().endsWith('/api/v1/user/logout') && response.request().method() === 'POST');
    await item.click();
    await expect(item).toBeHidden();
    expect((await ended).status()).toBe(200);
  }

  /** The dialog shown when the session ended while the page was open. */
  sessionDialog(title: 'Signed in elsewhere' | 'You have been signed out' | 'Your account is locked'): Locator {
    return this.page.getByRole('dialog', { name: title });
  }
}
