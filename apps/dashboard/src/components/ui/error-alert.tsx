import { ApiError } from '@/lib/api-client';

/** Shows an API failure: the contract's `message`, then its `errors` list if any. */
export function ErrorAlert({ error, title }: { error: Error | null | undefined; title?: string }) {
  if (!error) return null;
  const details = error instanceof ApiError ? error.errors : [];
  return (
    <div className="alert alert-error" role="alert">
      {title ? <p className="alert-title">{title}</p> : null}
      <p>{error.message || 'Something went wrong.'}</p>
      {details.length > 0 ? (
        <ul>
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
