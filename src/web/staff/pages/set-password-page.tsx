import { useEffect, useState, type FormEvent } from 'react';
import { secretTokenPattern } from '../../../shared/contract/common.ts';
import { staffPassword, staffPasswordRules } from '../../../shared/contract/staff.ts';
import { fieldProblemsOf } from '../../i18n/field-problem-words.ts';
import { Alert } from '../../ui/alert.tsx';
import { StaffApiError } from '../api.ts';
import { useStaffLanguage } from '../language.tsx';
import { StaffLink } from '../navigation.tsx';
import { staffFieldText } from '../problem-words.ts';
import { staffCalls } from '../queries.ts';
import { PlainShell } from '../shell.tsx';
import { errorsByField, errorText, Field, PageTitle, useFocusOnErrors } from '../ui.tsx';

/**
 * The token travels in the link's fragment (/staff/set-password#token): it never reaches a server
 * log or a Referer. A fragment cut or garbled in the mail ('%' not followed by two hex digits, a
 * token too short) is no token: the page says the link is not complete.
 */
function tokenFromHash(): string {
  let token: string;
  try {
    token = decodeURIComponent(window.location.hash.replace(/^#/, '')).trim();
  } catch {
    return '';
  }
  return secretTokenPattern.test(token) ? token : '';
}

export function SetPasswordPage() {
  const { m } = useStaffLanguage();
  const [token] = useState(tokenFromHash);
  const { formRef, summaryRef, focusErrors } = useFocusOnErrors();
  // Read once, the token leaves the address bar: not in the history, a screenshot or a shared screen.
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, []);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [fields, setFields] = useState<{ password?: string; again?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const found: { password?: string; again?: string } = {};
    // The server's own rule for a password, in the console's words for its field problem.
    const checked = staffPassword.safeParse(password);
    if (!checked.success) found.password = errorsByField(m, fieldProblemsOf(checked.error.issues), ['password'] as const)?.password ?? m.common.fixFields;
    if (!found.password && again !== password) found.again = m.setPassword.mismatch;
    setFields(found);
    if (found.password || found.again) {
      focusErrors();
      return;
    }
    setBusy(true);
    try {
      await staffCalls.setPassword(token, password);
      setDone(true);
    } catch (err) {
      // The password's problem goes beside it; the link's (the token) belongs to no input.
      const refused = err instanceof StaffApiError && err.fields.length > 0 && err.fields.every((f) => f.path.split('.')[0] === 'password') ? err.fields[0] : undefined;
      const beside = refused && staffFieldText(m, refused);
      if (beside) setFields({ password: beside });
      else setError(errorText(m, err));
      focusErrors();
    } finally {
      setBusy(false);
    }
  };

  return (
    <PlainShell>
      <PageTitle>{m.setPassword.title}</PageTitle>
      {done ? (
        <Alert tone="success" title={m.setPassword.done} action={<StaffLink to="/staff/sign-in" className="button button--primary">{m.setPassword.goSignIn}</StaffLink>} />
      ) : !token ? (
        <Alert tone="error">{m.setPassword.noToken}</Alert>
      ) : (
        <>
 <div ref={summaryRef} tabIndex={-1} className="error-summary">
            {error ? (
              <Alert tone="error" title={m.setPassword.failed}>
                <p>{error}</p>
              </Alert>
            ) : null}
          </div>
          <form ref={formRef} className="card form" onSubmit={(e) => void submit(e)} noValidate>
            <p>{m.setPassword.intro(staffPasswordRules.min)}</p>
            <Field label={m.setPassword.password} error={fields.password} required>
              {(props) => <input {...props} type="password" autoComplete="new-password" minLength={staffPasswordRules.min} value={password} onChange={(e) => setPassword(e.target.value)} />}
            </Field>
            <Field label={m.setPassword.confirm} error={fields.again} required>
              {(props) => <input {...props} type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} />}
            </Field>
            <button type="submit" className="button button--primary button--block" disabled={busy}>
              {busy ? m.setPassword.submitting : m.setPassword.submit}
            </button>
          </form>
        </>
      )}
    </PlainShell>
  );
}
