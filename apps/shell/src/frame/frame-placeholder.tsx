import { useLocation } from 'react-router-dom';
import { FRAME_PLACEHOLDER_CLASS, framePlaceholderBody, screenHeading } from '@stockbook/contracts';
import { LoadingIndicator } from '@stockbook/ui';

/**
 * The frame's placeholder while the frame's code and the session load: the very markup the API
 * sent in index.html (one builder, in contracts), so React taking the page over changes nothing
 * on screen.
 */
export function FramePlaceholder() {
  const { pathname } = useLocation();
  return (
    <div className={FRAME_PLACEHOLDER_CLASS} aria-busy="true" dangerouslySetInnerHTML={{ __html: framePlaceholderBody(pathname) }} />
  );
}

/** A screen's heading (drawn, as in the placeholder) over a loading line, while the remote that renders the screen loads. */
export function ScreenLoading() {
  const { pathname } = useLocation();
  const heading = screenHeading(pathname);
  return (
    <>
      {heading && (
        <div className="sb-page-head">
          <div className="sb-page-title">{heading}</div>
        </div>
      )}
      <LoadingIndicator />
    </>
  );
}
