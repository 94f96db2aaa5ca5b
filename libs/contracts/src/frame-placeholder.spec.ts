import { framePlaceholderHtml } from './frame-placeholder';

describe("the frame's placeholder", () => {
  it("draws the screen's heading from the path, and no heading where the path does not tell it", () => {
    expect(framePlaceholderHtml('/x/inventory/items/abc')).toContain('<div class="sb-page-title">Inventory</div>');
    expect(framePlaceholderHtml('/x/billing/reports')).toContain('<div class="sb-page-title">Profit and loss</div>');
    expect(framePlaceholderHtml('/x/billing')).not.toContain('sb-page-title');
    expect(framePlaceholderHtml('/x/<script>')).not.toContain('<script>');
  });

  it('is busy, says it is loading, and marks up no heading of its own (the page brings its h1)', () => {
    const html = framePlaceholderHtml('/x/admin');
    expect(html).toMatch(/^<div class="sb-boot" aria-busy="true">/);
    expect(html).toContain('role="status"');
    expect(html).not.toMatch(/<h[1-6]/);
  });
});
