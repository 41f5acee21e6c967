import { useHealth } from '../api/get-health';

/**
 * What the server's operator should fix (`/health`'s warnings, such as
 * PostgreSQL running with autovacuum off), for the owner to pass on; nothing
 * when there is none or the server's health cannot be read.
 */
export function OperatorWarnings() {
  const warnings = useHealth().data?.warnings ?? [];
  if (warnings.length === 0) return null;
  return (
    <section className="alert alert-info" aria-label="Server warnings" data-testid="operator-warnings">
      <p className="alert-title">The server this console runs on needs its operator’s attention</p>
      <ul>
        {warnings.map((warning) => (
          <li key={warning.code}>{warning.message}</li>
        ))}
      </ul>
    </section>
  );
}
