import type { CreatedPersonalAccessToken } from '@latchkey/contracts';
import { SecretNotice } from '@/components/ui/secret-field';

/** A new personal access token, shown once, with a copy button and a warning. */
export function TokenNotice({ token, onDismiss }: { token: CreatedPersonalAccessToken; onDismiss: () => void }) {
  return (
    <SecretNotice
      title={`Token ${token.name}`}
      what="token"
      label="Personal access token"
      copiedStatus="Token copied to the clipboard."
      secret={token.token}
    >
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={onDismiss}>
          I have copied it
        </button>
      </div>
    </SecretNotice>
  );
}
