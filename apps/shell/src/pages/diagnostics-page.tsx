import { useQuery } from '@tanstack/react-query';
import { healthQueryOptions } from '@stockbook/api-client';
import { REMOTE_NAMES } from '@stockbook/contracts';
import { RemoteSlot } from '../federation/remote-slot';

/** /test: the shell's and each remote's build, whether each loaded, and the API's health. */
export function DiagnosticsPage() {
  const health = useQuery(healthQueryOptions());
  return (
    <main className="sb-main sb-page">
      <h1>Diagnostics</h1>
      <section aria-labelledby="shell-heading">
        <h2 id="shell-heading">Shell</h2>
        <p>
          Build version <span data-testid="shell-version">{__APP_VERSION__}</span>
        </p>
      </section>
      <section aria-labelledby="api-heading">
        <h2 id="api-heading">API</h2>
        <p data-testid="api-health">
          {health.isPending
            ? 'Checking…'
            : health.isError
              ? `Unreachable: ${health.error.message}`
              : `${health.data.status} (database ${health.data.database.status}, version ${health.data.version})`}
        </p>
      </section>
      {REMOTE_NAMES.map((name) => (
        <section key={name} aria-label={`Remote ${name}`}>
          <h2>Remote {name}</h2>
          <RemoteSlot remote={name} module="./Diagnostics" />
        </section>
      ))}
    </main>
  );
}
