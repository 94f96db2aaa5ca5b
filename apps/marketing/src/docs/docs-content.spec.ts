import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DOC_PAGES } from '@stockbook/contracts';

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
});
