import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export type ThemeChoice = 'Light' | 'Dark' | 'System';

/** The public frame (banner, header, palette, side menu, footer) as a visitor sees it. */
export class PublicSite {
  readonly header: Locator;
  readonly mainNav: Locator;
  readonly footer: Locator;
  readonly content: Locator;
  readonly palette: Locator;
  readonly paletteInput: Locator;
  readonly menuButton: Locator;
  readonly sideMenu: Locator;
  readonly themeSwitcher: Locator;

  constructor(
    readonly page: Page,
    /** True on the 390x844 project. */
    readonly small: boolean,
  ) {
    this.header = page.getByRole('banner');
    this.mainNav = page.getByRole('navigation', { name: 'Main' });
    this.footer = page.getByRole('contentinfo');
    this.content = page.locator('[data-remote="marketing"]');
    this.palette = page.getByRole('dialog', { name: 'Search and commands' });
    this.paletteInput = page.getByPlaceholder('Type a command or search...');
    this.menuButton = page.getByRole('button', { name: 'Toggle Menu' });
    this.sideMenu = page.getByRole('dialog', { name: 'Menu' });
    this.themeSwitcher = page.getByRole('radiogroup', { name: 'Theme' });
  }

  static for(page: Page, testInfo: TestInfo): PublicSite {
    return new PublicSite(page, testInfo.project.name === 'mobile');
  }

  async open(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.header).toBeVisible();
  }

  /** The search button's text differs by screen size. */
  get searchButton(): Locator {
    return this.header.getByRole('button', { name: this.small ? 'Search...' : 'Search website...', exact: true });
  }

  /** Where the page's navigation links live: the header, or the side menu on small screens. */
  async navigation(): Promise<Locator> {
    if (!this.small) return this.mainNav;
    await this.menuButton.click();
    await expect(this.sideMenu).toBeVisible();
    return this.sideMenu;
  }

  async chooseTheme(choice: ThemeChoice): Promise<void> {
    await this.themeSwitcher.getByRole('radio', { name: choice }).click();
  }

  theme(): Promise<string | null> {
    return this.page.locator('html').getAttribute('data-theme');
  }

  storedPreference(): Promise<string | null> {
    return this.page.evaluate(() => localStorage.getItem('stockbook-theme'));
  }

  /** The page's computed background colour, e.g. rgb(13, 17, 23). */
  background(locator: Locator = this.page.locator('body')): Promise<string> {
    return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
  }
}

/** Perceived lightness (0 dark .. 255 light) of an rgb()/rgba() colour. */
export function lightness(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}
