/** The foot of a lease form: a way back to the step before (where there is one), and the form's submit button. */
export function BackAndSubmit(props: {
  backLabel: string;
  onBack: (() => void) | undefined;
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
}) {
  return (
    <div className="lease-actions">
      {props.onBack ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={props.onBack}
        >
          {props.backLabel}
        </button>
      ) : null}
      <button
        type="submit"
        className="button button--primary"
        disabled={props.submitting}
      >
        {props.submitting ? props.submittingLabel : props.submitLabel}
      </button>
    </div>
  );
}
