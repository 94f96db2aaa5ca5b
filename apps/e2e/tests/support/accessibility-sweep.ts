import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * One accessibility sweep per remote: a single page visits every screen and dialog state,
 * and each state is judged by axe (WCAG 2.1 A/AA and best practice, serious and critical
 * findings) in both themes without a reload, starting each state in the theme the page is in
 * (one switch per state). The theme preference stays `system`, so
 * `emulateMedia({ colorScheme })` switches the page live (the shell's theme store and antd
 * follow the media query). Findings are collected and asserted once at the end, each named
 * by its screen, state, theme and width, so one run lists every failure.
 */
export type Theme = 'light' | 'dark';

export interface Finding {
  readonly rule: string;
  readonly impact: string | null | undefined;
  readonly help: string;
  readonly targets: string[];
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Transitions finished (a colour mid-change would be judged as it is then); endless spinners excepted. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const iterations = animation.effect?.getTiming().iterations;
      return iterations === Infinity || animation.playState !== 'running';
    }),
  );
}

/** Two animation frames: a resize's media queries and React's re-render have landed. */
export async function laidOut(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

async function serious(page: Page, within?: string): Promise<Finding[]> {
  // Legacy mode runs axe in the page only: the default also opens a blank page to merge frame
  // results, which doubled each run's cost; the product has no iframes to merge.
  let builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true);
  if (within) builder = builder.include(within);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => {
        const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
        return `${node.target.join(' ')}${colours}`;
      }),
    }));
}

export class AccessibilitySweep {
  private readonly findings: Record<string, Finding[]> = {};
  private readonly checked: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly themes: readonly Theme[] = ['light', 'dark'],
  ) {}

  private current: Theme | undefined;

  /**
   * Turns the page to `theme` in place and waits until <html> follows and its new colours are
   * painted. Transitions are held off while it switches: the colours land at once, as they end
   * (antd's 200-300 ms colour transitions made each switch wait about half a second; lifting
   * the hold afterwards changes no colour, so it starts none).
   */
  async theme(theme: Theme): Promise<void> {
    if (theme !== this.current) await this.switchTo(theme);
    // A dialog or menu still opening is judged once its motion ends, as a person would see it.
    await settled(this.page);
  }

  private async switchTo(theme: Theme): Promise<void> {
    await this.page.evaluate(() => {
      const hold = document.createElement('style');
      hold.id = 'sweep-theme-switch';
      hold.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(hold);
    });
    await this.page.emulateMedia({ colorScheme: theme });
    await expect(this.page.locator('html')).toHaveAttribute('data-theme', theme);
    await laidOut(this.page);
    await this.page.evaluate(() => document.getElementById('sweep-theme-switch')?.remove());
    this.current = theme;
  }

  /**
   * Judges the page as it is now in every theme of the sweep (`within`: only that part, e.g. an
   * open modal, whose mask dims what is behind it). `state` names the screen and state.
   */
  async check(state: string, within?: string): Promise<void> {
    const width = this.page.viewportSize()?.width ?? 0;
    // Starting from the theme the page is in, so each state costs one switch, not two.
    const themes = this.current === this.themes.at(-1) ? [...this.themes].reverse() : this.themes;
    for (const theme of themes) {
      await this.theme(theme);
      const label = `${state} · ${theme} · ${width} px`;
      this.checked.push(label);
      const found = await serious(this.page, within);
      if (found.length > 0) this.findings[label] = found;
    }
  }

  /**
   * Judges the page as it is at 1440 px and again at 390 px (both themes each), then returns to
   * 1440 px. The pointer is moved off first: a link left under it by an in-app click would be
   * judged in its hover colour.
   */
  async checkAtWidths(state: string, within?: string): Promise<void> {
    await this.page.mouse.move(0, 0);
    for (const size of [DESKTOP, PHONE]) {
      await this.page.setViewportSize(size);
      await laidOut(this.page);
      await this.check(state, within);
    }
    await this.page.setViewportSize(DESKTOP);
    await laidOut(this.page);
  }

  /** Every state judged, for a report; fails the test naming each state with a finding. */
  expectClean(): void {
    expect(this.checked.length, 'the sweep judged no state').toBeGreaterThan(0);
    expect(this.findings, `accessibility findings in ${Object.keys(this.findings).length} of ${this.checked.length} states`).toEqual({});
  }
}

/** The phone width every sweep also visits (390 x 844, as staff's phones). */
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;
