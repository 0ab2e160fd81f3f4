import { memo } from 'react';
import type { Office } from '../../../shared/contract/offices.ts';
import { cancelAnchor } from '../../../shared/domain/categories.ts';
import type { IsoDate } from '../../../shared/domain/time.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { formatLongDate } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { inventoryCatalogue } from './catalogue.ts';
import { ActionButton, PriceTag, StatusBadge } from './unit-bits.tsx';
import { knownServiceType, unitPrice, unitStatus } from './unit-view.ts';

/** A row's height before it is measured (a desktop row; a phone's is a little less). */
export const estimatedRowHeight = 68;

/** The room the rows not in the page take, above or below those that are. */
export function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tbody aria-hidden="true" className="inventory-table__spacer">
      <tr>
        {/* Three columns, as a phone shows (see the details row). */}
        <td colSpan={3} style={{ height }} />
      </tr>
    </tbody>
  );
}

export interface UnitRowsProps {
  index: number;
  /** Set when the rows are virtual: reports the unit's height once it is in the page. */
  measure?: ((element: HTMLTableSectionElement | null) => void) | undefined;
  office: Office;
  today: IsoDate;
  open: boolean;
  highlighted: boolean;
  onToggle: (id: string | null) => void;
  onAction: (office: Office) => void;
}

/** One unit: its row, and the details a phone opens under it. */
export const UnitRows = memo(function UnitRows({ index, measure, office, today, open, highlighted, onToggle, onAction }: UnitRowsProps) {
  const m = useCatalogue(inventoryCatalogue);
  const common = useCatalogue(appCatalogue);
  const { locale } = useLanguage();
  // A cancelled checkout comes back to this row's anchor.
  const id = cancelAnchor(office);
  const type = knownServiceType(office.service_type);
  const typeLabel = type ? common.serviceTypes[type] : office.service_type;
  const price = unitPrice(office);
  const status = unitStatus(office, today);
  return (
    <tbody ref={measure} data-index={index} className={`unit${highlighted ? ' unit--highlighted' : ''}`}>
      <tr id={id} className="unit__row" aria-rowindex={index + 2}>
        <th scope="row" className="unit__name">
          <button type="button" className="row-toggle" aria-expanded={open} aria-controls={`${id}-details`} onClick={() => onToggle(open ? null : id)}>
            <span className="row-toggle__name">{office.name}</span>
            <span className="row-toggle__chevron" aria-hidden="true">
              ▾
            </span>
          </button>
          <span className="unit__title">{office.name}</span>
          <span className="unit__meta">
            {typeLabel}
            {office.seating_capacity ? ` · ${m.people(office.seating_capacity)}` : ''}
            {office.location_code ? ` · ${office.location_code}` : ''}
          </span>
        </th>
        <td>
          <PriceTag office={office} />
        </td>
        <td>
          <StatusBadge office={office} today={today} />
        </td>
        <td className="col-action">
          <ActionButton office={office} today={today} onAction={onAction} />
        </td>
      </tr>
      <tr id={`${id}-details`} className="unit__details" hidden={!open}>
        {/* Only a phone shows it, where the Action column is folded away: spanning four would bring that column back and squeeze the others. */}
        <td colSpan={3}>
          <dl className="details-list">
            <div>
              <dt>{m.typeLabel}</dt>
              <dd>{typeLabel}</dd>
            </div>
            <div>
              <dt>{m.capacityLabel}</dt>
              <dd>{office.seating_capacity ? m.people(office.seating_capacity) : '—'}</dd>
            </div>
            {status.availableFrom ? (
              <div>
                <dt>{m.availableFrom}</dt>
                <dd>{formatLongDate(status.availableFrom, locale)}</dd>
              </div>
            ) : null}
          </dl>
          <p className="unit__note">{price.kind === 'price' && price.percentOff ? m.discountNote(price.percentOff) : m.noDiscount}</p>
          <ActionButton office={office} today={today} onAction={onAction} />
        </td>
      </tr>
    </tbody>
  );
});
