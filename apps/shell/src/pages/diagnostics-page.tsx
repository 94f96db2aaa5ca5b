import { useQuery } from '@tanstack/react-query';
import { healthQueryOptions } from '@stockbook/api-client';
import { REMOTE_NAMES } from '@stockbook/contracts';
import { useShell, type NoticeKind } from '@stockbook/shell-context';
import { RemoteSlot } from '../federation/remote-slot';

const NOTICE_KINDS: readonly NoticeKind[] = ['success', 'info', 'warning', 'error'];

/** /test: the shell's and each remote's build, whether each loaded, and the API's health. */
export function DiagnosticsPage() {
  const health = useQuery(healthQueryOptions());
  const { notify } = useShell();
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
      <section aria-labelledby="notifications-heading">
        <h2 id="notifications-heading">Notifications</h2>
        <p>Shows a notification of each kind, to check how they look and stack. They stay until closed.</p>
        <div className="sb-button-row">
          {NOTICE_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              className="sb-button"
              onClick={() => notify({ kind, title: `Test ${kind} notification`, description: 'Sent from the diagnostics page.', persistent: true })}
            >
              Show {kind}
            </button>
          ))}
        </div>
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
