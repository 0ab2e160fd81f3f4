import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { createUnitInput, updateUnitInput, type StaffUnit, type UnitInput } from '../../../shared/contract/staff-console.ts';
import { serviceTypes, type ServiceType } from '../../../shared/domain/products.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { amountForInput, normalizeAmount } from '../amount.ts';
import type { StaffLanguage } from '../i18n.ts';
import { useStaffLanguage } from '../language.tsx';
import { staffCalls, staffKeys } from '../queries.ts';
import { describedBy, ErrorSummary, Field, FormActions, SelectField, useDialogFocus, useFormErrors } from '../ui.tsx';

const unitFieldNames = ['office_id', 'name', 'service_type', 'location_code', 'seating_capacity', 'base_monthly_rate', 'is_available', 'next_available_date', 'service_code'] as const;

interface UnitForm {
  office_id: string;
  name: string;
  service_type: ServiceType | '';
  location_code: string;
  seating_capacity: string;
  base_monthly_rate: string;
  is_available: boolean;
  next_available_date: string;
  service_code: string;
}

function formOf(unit: StaffUnit | null, lang: StaffLanguage): UnitForm {
  return {
    office_id: unit?.office_id ?? '',
    name: unit?.name ?? '',
    service_type: unit?.service_type ?? '',
    location_code: unit?.location_code ?? '',
    seating_capacity: unit?.seating_capacity === null || unit?.seating_capacity === undefined ? '' : String(unit.seating_capacity),
    base_monthly_rate: unit?.base_monthly_rate ? amountForInput(unit.base_monthly_rate, lang) : '',
    is_available: unit?.is_available ?? true,
    next_available_date: unit?.next_available_date?.slice(0, 10) ?? '',
    service_code: unit?.service_code ?? '',
  };
}

const blankToNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The body of the create or the edit, as the shared schema reads it (an edit never sends the code, which cannot change). */
function payloadOf(form: UnitForm, create: boolean, lang: StaffLanguage): Record<string, unknown> {
  return {
    ...(create ? { office_id: form.office_id.trim() } : {}),
    name: form.name,
    service_type: form.service_type === '' ? undefined : form.service_type,
    location_code: blankToNull(form.location_code),
    seating_capacity: form.seating_capacity.trim() === '' ? null : Number(form.seating_capacity),
    base_monthly_rate: blankToNull(normalizeAmount(form.base_monthly_rate, lang)),
    is_available: form.is_available,
    next_available_date: blankToNull(form.next_available_date),
    service_code: blankToNull(form.service_code),
  };
}

/** Add a unit or edit one, in a native <dialog>: checked with the server's own schema first, then each of the server's problems beside its field. */
export function UnitDialog({ unit, onClose, onSaved }: { unit: StaffUnit | null; onClose: () => void; onSaved: (unit: StaffUnit) => void }) {
  const { m, lang } = useStaffLanguage();
  const t = m.inventory.form;
  const create = unit === null;
  const queryClient = useQueryClient();
  const [form, setForm] = useState<UnitForm>(() => formOf(unit, lang));
  const { errors, formRef, summaryRef, fromIssues, fromServer, clear } = useFormErrors(unitFieldNames);
  const focusRef = useDialogFocus();
  const availableErrorId = useId();
  const set = <K extends keyof UnitForm>(key: K, value: UnitForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (create ? staffCalls.createUnit(body as UnitInput) : staffCalls.updateUnit(unit.id, body as Partial<UnitInput>)),
    onSuccess: async ({ unit: saved }) => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.units });
      onSaved(saved);
    },
    onError: fromServer,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = payloadOf(form, create, lang);
    const checked = (create ? createUnitInput : updateUnitInput).safeParse(body);
    if (!checked.success) {
      fromIssues(checked.error.issues);
      return;
    }
    clear();
    save.mutate(body);
  };

  return (
    <Dialog title={create ? t.createTitle : m.inventory.editUnit(unit.name)} onClose={onClose} closeLabel={m.common.close} size="wide">
      <div ref={focusRef}>
        <form ref={formRef} className="form unit-form" onSubmit={submit} noValidate>
          <ErrorSummary errors={errors} summaryRef={summaryRef} />
          <div className="form-grid">
            {create ? (
              <Field label={t.officeId} hint={t.officeIdHint} error={errors.office_id} required>
                {(p) => <input {...p} data-autofocus="" name="office_id" autoComplete="off" value={form.office_id} onChange={(e) => set('office_id', e.target.value)} />}
              </Field>
            ) : null}
            <Field label={t.name} error={errors.name} required>
              {(p) => <input {...p} {...(create ? {} : { 'data-autofocus': '' })} name="name" autoComplete="off" value={form.name} onChange={(e) => set('name', e.target.value)} />}
            </Field>
            <SelectField
              label={t.type}
              error={errors.service_type}
              required
              name="service_type"
              value={form.service_type}
              blank={t.chooseType}
              options={serviceTypes}
              optionLabel={(type) => m.serviceTypes[type]}
              onChange={(type) => set('service_type', type as ServiceType | '')}
            />
            <Field label={t.location} hint={t.locationHint} error={errors.location_code}>
              {(p) => <input {...p} name="location_code" autoComplete="off" value={form.location_code} onChange={(e) => set('location_code', e.target.value)} />}
            </Field>
            <Field label={t.capacity} error={errors.seating_capacity}>
              {(p) => <input {...p} name="seating_capacity" type="number" inputMode="numeric" min={1} max={500} step={1} value={form.seating_capacity} onChange={(e) => set('seating_capacity', e.target.value)} />}
            </Field>
            <Field label={t.price} hint={t.priceHint} error={errors.base_monthly_rate}>
              {(p) => <input {...p} name="base_monthly_rate" inputMode="decimal" autoComplete="off" value={form.base_monthly_rate} onChange={(e) => set('base_monthly_rate', e.target.value)} />}
            </Field>
            <div className="field field--check">
              <label>
                <input
                  type="checkbox"
                  name="is_available"
                  checked={form.is_available}
                  onChange={(e) => set('is_available', e.target.checked)}
                  aria-invalid={errors.is_available ? true : undefined}
                  aria-describedby={describedBy(errors.is_available && availableErrorId)}
                />
                {t.available}
              </label>
              {errors.is_available ? (
                <span id={availableErrorId} className="field__error">
                  {errors.is_available}
                </span>
              ) : null}
            </div>
            <Field label={t.nextDate} hint={t.nextDateHint} error={errors.next_available_date}>
              {(p) => <input {...p} name="next_available_date" type="date" value={form.next_available_date} onChange={(e) => set('next_available_date', e.target.value)} />}
            </Field>
            <Field label={t.serviceCode} hint={t.serviceCodeHint} error={errors.service_code}>
              {(p) => <input {...p} name="service_code" autoComplete="off" value={form.service_code} onChange={(e) => set('service_code', e.target.value)} />}
            </Field>
          </div>
          <FormActions submitLabel={create ? t.create : m.common.save} busyLabel={m.common.saving} busy={save.isPending} onCancel={onClose} />
        </form>
      </div>
    </Dialog>
  );
}
