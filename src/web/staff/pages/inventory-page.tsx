import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffUnit } from '../../../shared/contract/staff-console.ts';
import { availabilityCategory, availabilityColour, sortUnits } from '../../../shared/domain/availability.ts';
import { categories } from '../../../shared/domain/categories.ts';
import { rateToCents } from '../../../shared/domain/pricing.ts';
import { isPricedPerDay } from '../../../shared/domain/products.ts';
import { slashDate, spaceTodayQuick } from '../../../shared/domain/time.ts';
import { isOfferable } from '../../../shared/domain/waitlist-offers.ts';
import { useStaffLanguage } from '../language.tsx';
import { StaffLink } from '../navigation.tsx';
import { staffCalls, staffKeys, unitsQuery } from '../queries.ts';
import { ConfirmDialog, EmptyState, errorText, type Notice, NoticeArea, PageTitle, QueryState, StackTable, useFormat } from '../ui.tsx';
import { UnitDialog } from './unit-dialog.tsx';

export function AvailabilityBadge({ unit }: { unit: Pick<StaffUnit, 'is_available' | 'next_available_date'> }) {
  const { m } = useStaffLanguage();
  const category = availabilityCategory(unit, spaceTodayQuick(new Date()));
  const label = m.inventory.availability[category];
  const text = typeof label === 'function' ? label(slashDate(unit.next_available_date ?? '')) : label;
  return (
    <span className={`badge badge--${availabilityColour(category)}`} data-category={category}>
      {text}
    </span>
  );
}

function Price({ unit }: { unit: StaffUnit }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const cents = rateToCents(unit.base_monthly_rate);
  if (cents === null) return <span className="muted">{m.inventory.noPrice}</span>;
  return (
    <span className="nowrap">
      {f.cents(cents)}
      <span className="muted">{isPricedPerDay(unit.service_type) ? m.inventory.perDay : m.inventory.perMonth}</span>
    </span>
  );
}

/** A rentable unit's waitlist at a glance ('Offered until …', '3 waiting', 'Offers paused'), and the way to its queue. */
function WaitlistGlance({ unit }: { unit: StaffUnit }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.inventory.waitlist;
  if (unit.retired_at || !isOfferable(unit.service_type)) return <>{m.common.none}</>;
  return (
    <>
      {unit.waitlist_offer_until ? <span className="glance glance--offered">{t.offeredUntil(f.dateTime(unit.waitlist_offer_until))}</span> : null}
      {unit.waitlist_waiting > 0 ? (
        <span className="glance">{t.waiting(unit.waitlist_waiting)}</span>
      ) : unit.waitlist_offer_until ? null : (
        <span className="glance muted">{t.nobody}</span>
      )}
      {unit.waitlist_paused ? <span className="glance glance--paused">{t.paused}</span> : null}
      <StaffLink to="/staff/inventory/$id/waitlist" params={{ id: String(unit.id) }} aria-label={t.openFor(unit.name)} className="glance__link">
        {t.open}
      </StaffLink>
    </>
  );
}

type Editing = { kind: 'create' } | { kind: 'edit'; unit: StaffUnit } | null;

function UnitTable({ caption, units, onEdit, onRetire }: { caption: string; units: StaffUnit[]; onEdit: (u: StaffUnit) => void; onRetire: (u: StaffUnit) => void }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const c = m.inventory.columns;
  return (
    <StackTable caption={caption} columns={[c.unit, c.location, c.capacity, c.price, c.availability, c.waitlist, c.actions]} className="unit-table">
      {units.map((unit) => (
        <tr key={unit.id} data-unit={unit.office_id}>
          <th scope="row">
            <span className="cell-title">{unit.name}</span>
            <span className="cell-meta">{unit.office_id}</span>
          </th>
          <td data-label={c.location}>{unit.location_code ?? m.common.none}</td>
          <td data-label={c.capacity}>{unit.seating_capacity ?? m.common.none}</td>
          <td data-label={c.price}>
            <Price unit={unit} />
          </td>
          <td data-label={c.availability}>
            {unit.retired_at ? <span className="badge badge--grey">{m.inventory.retired}</span> : <AvailabilityBadge unit={unit} />}
            {!unit.retired_at && !unit.is_available && unit.next_available_date ? <span className="cell-meta">{m.inventory.nextDate(f.date(unit.next_available_date))}</span> : null}
          </td>
          <td data-label={c.waitlist}>
            <WaitlistGlance unit={unit} />
          </td>
          <td className="cell-actions">
            {unit.retired_at ? null : (
              <>
                <button type="button" className="button button--secondary button--small" aria-label={m.inventory.editUnit(unit.name)} onClick={() => onEdit(unit)}>
                  {m.inventory.edit}
                </button>
                <button type="button" className="button button--ghost button--small" aria-label={m.inventory.retireUnit(unit.name)} onClick={() => onRetire(unit)}>
                  {m.inventory.retire}
                </button>
              </>
            )}
          </td>
        </tr>
      ))}
    </StackTable>
  );
}

export function InventoryPage() {
  const { m } = useStaffLanguage();
  const query = useQuery(unitsQuery());
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [retiring, setRetiring] = useState<StaffUnit | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const retire = useMutation({
    mutationFn: (unit: StaffUnit) => staffCalls.retireUnit(unit.id),
    // The list is read again before the dialog closes: its Retire button is gone by then, so focus goes to the heading.
    onSuccess: async (_answer, unit) => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.units });
      setRetiring(null);
      setNotice({ tone: 'success', text: m.inventory.retiredDone(unit.name) });
    },
  });

  return (
    <>
      <PageTitle
        actions={
          <button type="button" className="button button--primary" onClick={() => setEditing({ kind: 'create' })}>
            {m.inventory.addUnit}
          </button>
        }
      >
        {m.inventory.title}
      </PageTitle>
      <NoticeArea notice={notice} />
      <QueryState query={query}>
        {({ units }) => {
          if (units.length === 0) return <EmptyState>{m.inventory.empty}</EmptyState>;
          const active = units.filter((u) => !u.retired_at);
          const retired = units.filter((u) => u.retired_at);
          return (
            <>
              {categories.map((category) => {
                const list = sortUnits(active.filter((u) => u.service_type === category.serviceType));
                if (list.length === 0) return null;
                const name = m.serviceTypes[category.serviceType];
                return (
                  <section key={category.slug} className="section" aria-labelledby={`cat-${category.slug}`}>
                    <h2 id={`cat-${category.slug}`}>{name}</h2>
                    <UnitTable caption={m.inventory.caption(name)} units={list} onEdit={(unit) => setEditing({ kind: 'edit', unit })} onRetire={setRetiring} />
                  </section>
                );
              })}
              {retired.length > 0 ? (
                <section className="section" aria-labelledby="cat-retired">
                  <h2 id="cat-retired">{m.inventory.retiredTitle}</h2>
                  <UnitTable caption={m.inventory.retiredTitle} units={retired} onEdit={() => undefined} onRetire={() => undefined} />
                </section>
              ) : null}
            </>
          );
        }}
      </QueryState>
      {editing ? (
        <UnitDialog
          unit={editing.kind === 'edit' ? editing.unit : null}
          onClose={() => setEditing(null)}
          onSaved={(unit) => {
            setEditing(null);
            setNotice({ tone: 'success', text: m.inventory.saved(unit.name) });
          }}
        />
      ) : null}
      {retiring ? (
        <ConfirmDialog
          title={m.inventory.retireTitle(retiring.name)}
          confirmLabel={m.inventory.retireConfirm}
          danger
          busy={retire.isPending}
          error={retire.isError ? errorText(m, retire.error) : undefined}
          onConfirm={() => retire.mutate(retiring)}
          onClose={() => {
            setRetiring(null);
            retire.reset();
          }}
        >
          <p>{m.inventory.retireText}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
