import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { PublicFrame } from '../layouts/public-layout';

function describe(error: unknown): { status?: number; text: string } {
  if (isRouteErrorResponse(error)) return { status: error.status, text: error.statusText || String(error.data ?? '') };
  if (error instanceof Error) return { text: error.message };
  return { text: String(error) };
}

/** Route errors: 'Error - {status}' when there is a status, then its text or message. */
export function ErrorPage() {
  const error = useRouteError();
  const { status, text } = describe(error);
  useEffect(() => {
    console.error(`Route error${status === undefined ? '' : ` ${status}`}: ${text}`, error);
  }, [error, status, text]);
  return (
    <PublicFrame>
      <section className="sb-error-page">
        <h1>{status === undefined ? 'Error' : `Error - ${status}`}</h1>
        <p>{text}</p>
      </section>
    </PublicFrame>
  );
}
