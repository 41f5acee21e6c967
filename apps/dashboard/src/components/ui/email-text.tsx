// An email in a narrow column: it wraps at its @ only, never letter by
// letter; the whole address is its title. The halves are inline (not
// inline-block), so a link's or a cell's text stays the address itself.
import './email-text.css';

export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className="email-text" title={email}>
      {at <= 0 ? (
        <span className="email-part">{email}</span>
      ) : (
        <>
          <span className="email-part">{email.slice(0, at)}</span>
          <wbr />
          <span className="email-part">{email.slice(at)}</span>
        </>
      )}
    </span>
  );
}
