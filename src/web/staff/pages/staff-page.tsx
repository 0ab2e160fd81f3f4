import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { addStaffInput, staffRoles, type StaffAccount, type StaffMemberView, type StaffRole } from '../../../shared/contract/staff.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { useStaffLanguage } from '../language.tsx';
import { sessionQuery, staffAccountsQuery, staffCalls } from '../queries.ts';
import { ConfirmDialog, CopyLink, EmptyState, ErrorSummary, errorText, Field, FormActions, type Notice, NoticeArea, PageTitle, QueryState, StackTable, useDialogFocus, useFormat, useFormErrors } from '../ui.tsx';

/**
 * Staff: every account of the console, its role and whether it can sign in. Anyone adds a member
 * of staff and hands over the one-time set-password link; a manager alone gives roles, adds a
 * manager, and disables a manager's account or makes it a new link (the server refuses the rest
 * with managers_only, so what a member of staff may not do is not offered to them). Nobody
 * disables their own account or changes their own role here.
 */

type Decision = { kind: 'add' } | { kind: 'role'; account: StaffAccount; role: StaffRole } | { kind: 'disable'; account: StaffAccount } | { kind: 'reset'; account: StaffAccount };

/** How an account is named in a sentence: its name, else its e-mail. */
const whoOf = (account: Pick<StaffAccount, 'name' | 'email'>) => account.name ?? account.email;

/** What the signed-in member of staff may do to an account, as the server decides it (src/server/routes/staff-accounts.ts). */
function allowed(me: StaffMemberView | null, account: StaffAccount) {
  const manager = me?.role === 'manager';
  const own = me?.id === account.id;
  // A member of staff who could reset a manager's account would sign in with a manager's rights.
  const mayTouch = !account.disabled && (manager || account.role !== 'manager');
  return { role: manager && !own && !account.disabled, disable: mayTouch && !own, reset: mayTouch };
}

function StateBadge({ account }: { account: StaffAccount }) {
  const { m } = useStaffLanguage();
  const state = account.disabled ? 'disabled' : account.has_password ? 'active' : 'no_password';
  const tone = state === 'active' ? 'green' : state === 'disabled' ? 'grey' : 'yellow';
  return (
    <span className={`badge badge--${tone}`} data-state={state}>
      {m.staffAccounts.states[state]}
    </span>
  );
}

/** A one-time set-password link to hand over, with how long it works. */
function SetPasswordLink({ url, hours, label }: { url: string; hours: number | null; label: string }) {
  const { m } = useStaffLanguage();
  const t = m.staffAccounts.created;
  return (
    <>
      <CopyLink url={url} label={label} />
      {hours === null ? null : <p>{t.hours(hours)}</p>}
      <p className="muted small">{t.once}</p>
    </>
  );
}

export function StaffPage() {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.staffAccounts;
  const c = t.columns;
  const query = useQuery(staffAccountsQuery());
  const me = useQuery(sessionQuery()).data?.staff ?? null;
  const manager = me?.role === 'manager';
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [newLink, setNewLink] = useState<{ url: string; hours: number | null; who: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffAccountsQuery().queryKey });

  // Each read again before its dialog closes, so focus returns to a page that shows the outcome.
  const role = useMutation({
    mutationFn: (d: Extract<Decision, { kind: 'role' }>) => staffCalls.setStaffRole(d.account.id, d.role),
    onSuccess: async ({ account }) => {
      await refresh();
      setDecision(null);
      setNotice({ tone: 'success', text: t.roleDone[account.role](whoOf(account)) });
    },
  });
  const disable = useMutation({
    mutationFn: (d: Extract<Decision, { kind: 'disable' }>) => staffCalls.disableStaff(d.account.id),
    onSuccess: async ({ account }) => {
      await refresh();
      setDecision(null);
      setNewLink(null);
      setNotice({ tone: 'success', text: t.disabled(whoOf(account)) });
    },
  });
  const reset = useMutation({
    mutationFn: (d: Extract<Decision, { kind: 'reset' }>) => staffCalls.resetStaffLink(d.account.id),
    onSuccess: async ({ account, set_password_url: url, set_password_hours: hours }) => {
      await refresh();
      setDecision(null);
      const who = whoOf(account);
      setNewLink(url ? { url, hours, who } : null);
      setNotice({ tone: 'success', text: t.resetDone(who) });
    },
  });

  const open = (next: Decision) => {
    role.reset();
    disable.reset();
    reset.reset();
    setNotice(null);
    setDecision(next);
  };
  const close = () => setDecision(null);

  return (
    <>
      <PageTitle
        actions={
          <button type="button" className="button button--primary" onClick={() => open({ kind: 'add' })}>
            {t.add}
          </button>
        }
      >
        {t.title}
      </PageTitle>
      <p className="lead">{t.intro}</p>
      {manager ? null : <p className="muted small">{t.staffNote}</p>}
      <NoticeArea notice={notice} />
      {newLink ? (
        <section className="card">
          <SetPasswordLink url={newLink.url} hours={newLink.hours} label={t.linkFor(newLink.who)} />
        </section>
      ) : null}
      <QueryState query={query}>
        {({ accounts }) =>
          accounts.length === 0 ? (
            <EmptyState>{t.empty}</EmptyState>
          ) : (
            <StackTable caption={t.caption} columns={[c.name, c.email, c.role, c.state, c.added, c.actions]}>
              {accounts.map((account) => {
                const who = whoOf(account);
                const may = allowed(me, account);
                const other = staffRoles.find((r) => r !== account.role) ?? account.role;
                return (
                  <tr key={account.id} data-account={account.email}>
                    <th scope="row">
                      {who}
                      {me?.id === account.id ? <span className="cell-meta"> {t.you}</span> : null}
                    </th>
                    <td data-label={c.email}>{account.email}</td>
                    <td data-label={c.role}>{t.roles[account.role]}</td>
                    <td data-label={c.state}>
                      <StateBadge account={account} />
                    </td>
                    <td data-label={c.added}>{f.dateTime(account.created_at)}</td>
                    <td className="cell-actions">
                      {may.role ? (
                        <button type="button" className="button button--secondary button--small" aria-label={t.changeRoleFor[other](who)} onClick={() => open({ kind: 'role', account, role: other })}>
                          {t.changeRole[other]}
                        </button>
                      ) : null}
                      {may.reset ? (
                        <button type="button" className="button button--secondary button--small" aria-label={t.resetFor(who)} onClick={() => open({ kind: 'reset', account })}>
                          {t.reset}
                        </button>
                      ) : null}
                      {may.disable ? (
                        <button type="button" className="button button--ghost button--small" aria-label={t.disableFor(who)} onClick={() => open({ kind: 'disable', account })}>
                          {t.disable}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </StackTable>
          )
        }
      </QueryState>

      {decision?.kind === 'add' ? <AddStaffDialog manager={manager} onClose={close} onAdded={refresh} /> : null}
      {decision?.kind === 'role' ? (
        <ConfirmDialog
          title={t.roleTitle[decision.role](whoOf(decision.account))}
          confirmLabel={t.changeRole[decision.role]}
          busyLabel={t.saving}
          busy={role.isPending}
          error={role.error ? errorText(m, role.error) : undefined}
          onConfirm={() => role.mutate(decision)}
          onClose={close}
        >
          <p>{t.roleText[decision.role]}</p>
        </ConfirmDialog>
      ) : null}
      {decision?.kind === 'reset' ? (
        <ConfirmDialog
          title={t.resetTitle(whoOf(decision.account))}
          confirmLabel={t.resetConfirm}
          busyLabel={t.resetting}
          busy={reset.isPending}
          error={reset.error ? errorText(m, reset.error) : undefined}
          onConfirm={() => reset.mutate(decision)}
          onClose={close}
        >
          <p>{t.resetText}</p>
        </ConfirmDialog>
      ) : null}
      {decision?.kind === 'disable' ? (
        <ConfirmDialog
          title={t.disableTitle(whoOf(decision.account))}
          confirmLabel={t.disableConfirm}
          busyLabel={t.disabling}
          danger
          busy={disable.isPending}
          error={disable.error ? errorText(m, disable.error) : undefined}
          onConfirm={() => disable.mutate(decision)}
          onClose={close}
        >
          <p>{t.disableText}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

const addFields = ['email', 'name', 'role'] as const;

/**
 * A new account: its e-mail, its name if given, and its role (a manager's only offered to a
 * manager); checked with the server's own schema first, then the account's one-time
 * set-password link shown, to copy and hand over.
 */
function AddStaffDialog({ manager, onClose, onAdded }: { manager: boolean; onClose: () => void; onAdded: () => Promise<void> }) {
  const { m } = useStaffLanguage();
  const t = m.staffAccounts;
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const [added, setAdded] = useState<{ who: string; url: string | null; hours: number | null } | null>(null);
  const { errors, formRef, summaryRef, fromIssues, fromServer, clear } = useFormErrors(addFields);
  const focusRef = useDialogFocus();
  const addedHeading = useRef<HTMLHeadingElement>(null);
  const roles: readonly StaffRole[] = manager ? staffRoles : ['staff'];

  useEffect(() => {
    if (added) addedHeading.current?.focus();
  }, [added]);

  const save = useMutation({
    mutationFn: (body: z.input<typeof addStaffInput>) => staffCalls.addStaff(body),
    onSuccess: async ({ account, set_password_url: url, set_password_hours: hours }) => {
      setAdded({ who: whoOf(account), url, hours });
      await onAdded();
    },
    onError: fromServer,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { email, name: name.trim() || null, role };
    const checked = addStaffInput.safeParse(body);
    if (!checked.success) {
      fromIssues(checked.error.issues);
      return;
    }
    clear();
    save.mutate(checked.data);
  };

  return (
    <Dialog title={t.form.title} onClose={onClose} closeLabel={m.common.close}>
      <div ref={focusRef}>
        {added ? (
          <div className="created">
            <h3 ref={addedHeading} tabIndex={-1}>
              {t.created.title(added.who)}
            </h3>
            {added.url ? <SetPasswordLink url={added.url} hours={added.hours} label={t.created.link} /> : <p>{t.created.noLink}</p>}
            <div className="form-actions">
              <button type="button" className="button button--secondary" onClick={onClose}>
                {m.common.close}
              </button>
            </div>
          </div>
        ) : (
          <form ref={formRef} className="form" onSubmit={submit} noValidate>
            <ErrorSummary errors={errors} summaryRef={summaryRef} />
            <Field label={t.form.email} error={errors.email} required>
              {(p) => <input {...p} data-autofocus="" type="email" name="email" autoComplete="off" maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />}
            </Field>
            <Field label={t.form.name} hint={t.form.nameHint} error={errors.name}>
              {(p) => <input {...p} name="name" autoComplete="off" maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />}
            </Field>
            <Field label={t.form.role} hint={manager ? undefined : t.form.roleHint} error={errors.role}>
              {(p) => (
                <select {...p} name="role" value={role} onChange={(e) => setRole(roles.find((r) => r === e.target.value) ?? 'staff')}>
                  {roles.map((option) => (
                    <option key={option} value={option}>
                      {t.roles[option]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <FormActions submitLabel={t.form.submit} busyLabel={t.form.adding} busy={save.isPending} onCancel={onClose} />
          </form>
        )}
      </div>
    </Dialog>
  );
}
