import { useState } from 'react';
import type { Office } from '../../../shared/contract/offices.ts';
import type { IsoDate } from '../../../shared/domain/time.ts';
import { useLanguage, useMessages } from '../../i18n/i18n.tsx';
import { commonMessages } from '../../i18n/common.ts';
import { inventoryMessages } from './messages.ts';
import { ActionButton, PriceTag, StatusBadge } from './unit-bits.tsx';
import { cancelAnchor } from '../../../shared/domain/categories.ts';
import { knownServiceType, unitPrice, unitStatus } from './unit-view.ts';
import { formatLongDate } from '../../i18n/format.ts';

interface Props {
  offices: Office[];
  today: IsoDate;
  caption: string;
  highlighted: string | null;
  onAction: (office: Office) => void;
  /** The id of the note about the prices (before tax). */
  describedBy?: string | undefined;
}

/**
 * Offices, desks, hot desks and parking. On a phone the Action column folds away and a row
 * opens on tap to show type, capacity, the discount note and the button.
 */
export function InventoryTable({ offices, today, caption, highlighted, onAction, describedBy }: Props) {
  const m = useMessages(inventoryMessages);
  const common = useMessages(commonMessages);
  const { locale } = useLanguage();
  const [expanded, setExpanded] = useState<string | null>(null);
  return (
    <table className="inventory-table" aria-describedby={describedBy}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{m.columns.office}</th>
          <th scope="col">{m.columns.rate}</th>
          <th scope="col">{m.columns.status}</th>
          <th scope="col" className="col-action">
            {m.columns.action}
          </th>
        </tr>
      </thead>
      {offices.map((office) => {
        // A cancelled checkout comes back to this row's anchor.
        const id = cancelAnchor(office);
        const isOpen = expanded === id;
        const type = knownServiceType(office.service_type);
        const typeLabel = type ? common.serviceTypes[type] : office.service_type;
        const price = unitPrice(office);
        const status = unitStatus(office, today);
        return (
          <tbody key={id} className={`unit${highlighted === id ? ' unit--highlighted' : ''}`}>
            <tr id={id} className="unit__row">
              <th scope="row" className="unit__name">
                <button
                  type="button"
                  className="row-toggle"
                  aria-expanded={isOpen}
                  aria-controls={`${id}-details`}
                  onClick={() => setExpanded(isOpen ? null : id)}
                >
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
            <tr id={`${id}-details`} className="unit__details" hidden={!isOpen}>
              <td colSpan={4}>
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
                <p className="unit__note">
                  {price.kind === 'price' && price.percentOff ? m.discountNote(price.percentOff) : m.noDiscount}
                </p>
                <ActionButton office={office} today={today} onAction={onAction} />
              </td>
            </tr>
          </tbody>
        );
      })}
    </table>
  );
}
