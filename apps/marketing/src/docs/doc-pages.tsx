import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, NavLink, useNavigate, useParams } from 'react-router-dom';
import { DOC_PAGES, DOCS_BASE_PATH, docPath, findDocPage, type DocSlug } from '@stockbook/contracts';
import { LoadingIndicator } from '@stockbook/ui';
import './docs.css';

// One chunk per page, rendered from markdown at build time.
const CONTENT = import.meta.glob<string>('./content/*.md', { import: 'default' });

function loadContent(slug: DocSlug): Promise<string> {
  const load = CONTENT[`./content/${slug}.md`];
  if (!load) return Promise.reject(new Error(`No documentation page "${slug}".`));
  return load();
}

function DocsFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mk-docs" data-remote="marketing">
      <nav className="mk-docs-nav" aria-label="Documentation">
        <NavLink to={DOCS_BASE_PATH} end>
          Overview
        </NavLink>
        {DOC_PAGES.map((page) => (
          <NavLink key={page.slug} to={docPath(page.slug)}>
            {page.title}
          </NavLink>
        ))}
      </nav>
      <div className="mk-docs-body">{children}</div>
    </div>
  );
}

/** /docs: what the documentation covers. */
export function DocsIndexPage() {
  return (
    <DocsFrame>
      <article className="mk-doc">
        <h1>Documentation</h1>
        <p>How to run your shop on Stockbook, from the first sign-up to the monthly reports.</p>
        <ul className="mk-docs-index">
          {DOC_PAGES.map((page) => (
            <li key={page.slug}>
              <Link to={docPath(page.slug)}>{page.title}</Link>
            </li>
          ))}
        </ul>
      </article>
    </DocsFrame>
  );
}

/** /docs/:slug: one page of the user documentation (the shell answers 404 for unknown pages). */
export function DocPage() {
  const { slug } = useParams();
  const page = findDocPage(slug);
  const navigate = useNavigate();
  const [content, setContent] = useState<{ slug: string; html?: string; error?: string }>();

  useEffect(() => {
    if (!page) return;
    let current = true;
    loadContent(page.slug).then(
      (html) => current && setContent({ slug: page.slug, html }),
      (error: unknown) => current && setContent({ slug: page.slug, error: String(error) }),
    );
    return () => {
      current = false;
    };
  }, [page]);

  useEffect(() => {
    if (page) document.title = `${page.title} · Stockbook documentation`;
    return () => {
      document.title = 'Stockbook';
    };
  }, [page]);

  // Links between pages stay inside the app instead of reloading it.
  const followInternalLinks = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href?.startsWith('/') || anchor.target || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(href);
  };

  const ready = page && content?.slug === page.slug ? content : undefined;
  return (
    <DocsFrame>
      {!ready ? (
        <LoadingIndicator />
      ) : ready.error ? (
        <p role="alert">This page could not be loaded ({ready.error}). Reload to try again.</p>
      ) : (
        <article className="mk-doc" onClick={followInternalLinks} dangerouslySetInnerHTML={{ __html: ready.html! }} />
      )}
    </DocsFrame>
  );
}
