import { ApiError } from '@/lib/api-client';

/** Shows an API failure: the contract's `message`, then the rest of its `errors` list if any. */
export function ErrorAlert({ error, title }: { error: Error | null | undefined; title?: string }) {
  if (!error) return null;
  const details = error instanceof ApiError ? error.errors.filter((detail) => detail !== error.message) : [];
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

/** The form's root error (set by `applyApiError`), as an alert above the fields. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div className="alert alert-error" role="alert">
      <p>{message}</p>
    </div>
  );
}
