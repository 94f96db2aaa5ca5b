import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DOC_PAGES } from '@stockbook/contracts';
import { FIGURE_WORDS } from '@stockbook/domain';

const contentDir = path.join(__dirname, 'content');

describe('the documentation pages', () => {
  it('has one markdown file for every listed page, and no unlisted file', () => {
    const files = readdirSync(contentDir).filter((file) => file.endsWith('.md')).sort();
    expect(files).toEqual(DOC_PAGES.map((page) => `${page.slug}.md`).sort());
  });

  it.each(DOC_PAGES.map((page) => [page.slug, page.title]))('%s.md opens with its title, "%s"', (slug, title) => {
    const firstLine = readFileSync(path.join(contentDir, `${slug}.md`), 'utf8').split('\n')[0];
    expect(firstLine).toBe(`# ${title}`);
  });

  it.each(DOC_PAGES.map((page) => [page.slug]))('%s.md writes the pages it sends readers to as links, not as code', (slug) => {
    const text = readFileSync(path.join(contentDir, `${slug}.md`), 'utf8');
    // A path such as `/user/login` in a code span is text to copy, not a way there.
    expect(text.match(/`\/(user|x|docs)[^`]*`/g) ?? []).toEqual([]);
  });

  it('defines each figure word once, with the meaning the screens use (libs/domain figure-words.ts)', () => {
    const text = readFileSync(path.join(contentDir, 'reports.md'), 'utf8');
    for (const { word, meaning } of Object.values(FIGURE_WORDS)) expect(text).toContain(`- **${word}**: ${meaning}`);
  });

  it('says what the registration form asks, field by field', () => {
    const text = readFileSync(path.join(contentDir, 'getting-started.md'), 'utf8');
    const signUp = text.slice(text.indexOf('## Sign up your business'), text.indexOf('### Currencies'));
    // The form's labels (apps/shell/src/user/registration-page.tsx), in its order.
    for (const label of ['Business name', 'Currency', 'Valuation method', 'First location name', 'Time zone', 'First name', 'last name', 'Username', 'e-mail', 'password']) {
      expect(signUp).toContain(`**${label}**`);
    }
    expect(signUp).toContain('](/user/registration)');
  });
});
