import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { signInInput } from '../../../shared/contract/staff.ts';
import { fieldProblemsOf } from '../../i18n/field-problem-words.ts';
import type { AnswerField } from '../../i18n/problem-headers.ts';
import { Alert } from '../../ui/alert.tsx';
import { StaffApiError } from '../api.ts';
import type { StaffCatalogue } from '../i18n.ts';
import { useStaffLanguage } from '../language.tsx';
import { safeNext } from '../navigation.tsx';
import { sessionQuery, staffCalls } from '../queries.ts';
import { PlainShell } from '../shell.tsx';
import { errorsByField, errorText, Field, PageTitle, useFocusOnErrors } from '../ui.tsx';

type SignInErrors = { email?: string; password?: string };

/** Each input's first problem, from the shared schema's check or the fields of the server's answer; none when one belongs to neither input or cannot be said here. */
function signInErrors(m: StaffCatalogue, problems: readonly AnswerField[]): SignInErrors | undefined {
  const found = errorsByField(m, problems, ['email', 'password'] as const);
  return found && !('' in found) ? found : undefined;
}

export function SignInPage({ next, signedOut }: { next: string | undefined; signedOut: boolean }) {
  const { m } = useStaffLanguage();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<SignInErrors>({});
  const [error, setError] = useState<string | null>(null);
  const { formRef, summaryRef, focusErrors } = useFocusOnErrors();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const checked = signInInput.safeParse({ email, password });
    if (!checked.success) {
      setFields(signInErrors(m, fieldProblemsOf(checked.error.issues)) ?? {});
      focusErrors();
      return;
    }
    setFields({});
    setBusy(true);
    try {
      const answer = await staffCalls.signIn(checked.data.email, checked.data.password);
      queryClient.setQueryData(sessionQuery().queryKey, answer);
      router.history.push(safeNext(next));
    } catch (err) {
      const beside = err instanceof StaffApiError && err.fields.length > 0 ? signInErrors(m, err.fields) : undefined;
      if (beside) setFields(beside);
      else setError(err instanceof StaffApiError && err.status === 401 && !err.serverError && !err.code ? m.signIn.failed : errorText(m, err));
      setBusy(false);
      focusErrors();
    }
  };

  return (
    <PlainShell>
      <PageTitle>{m.signIn.title}</PageTitle>
      {signedOut ? <Alert tone="success">{m.signIn.signedOut}</Alert> : next ? <Alert tone="info">{m.signIn.expired}</Alert> : null}
 <div ref={summaryRef} tabIndex={-1} className="error-summary">
        {error ? (
          <Alert tone="error" title={m.signIn.failed}>
            <p>{error}</p>
          </Alert>
        ) : null}
      </div>
      <form ref={formRef} className="card form" onSubmit={(e) => void submit(e)} noValidate>
        <Field label={m.signIn.email} error={fields.email} required>
          {(props) => <input {...props} type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <Field label={m.signIn.password} error={fields.password} required>
          {(props) => <input {...props} type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
        </Field>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? m.signIn.submitting : m.signIn.submit}
        </button>
      </form>
    </PlainShell>
  );
}
