/** A form's submit button: disabled and saying it is working (`pendingLabel`) while the form submits. */
export function SubmitButton({
  submitting,
  label,
  pendingLabel,
  destructive = false,
  disabled = false,
}: {
  submitting: boolean;
  label: string;
  pendingLabel: string;
  destructive?: boolean;
  /** disabled for another reason too, e.g. nothing changed yet */
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      className={destructive ? 'button button-danger' : 'button button-primary'}
      disabled={submitting || disabled}
    >
      {submitting ? pendingLabel : label}
    </button>
  );
}
