import { useEffect, useRef } from 'react';
import type { Office } from '../../../shared/contract/offices.ts';
import type { IsoDate } from '../../../shared/domain/time.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { Icon } from '../../ui/icons.tsx';
import { inventoryCatalogue } from './catalogue.ts';
import { ActionButton, PriceTag } from './unit-bits.tsx';
import { knownServiceType } from './unit-view.ts';

/** Conference rooms, day passes and mailbox plans: a card each. */
export function InventoryCards({
  offices,
  today,
  anchor,
  label,
  highlighted,
  onAction,
  describedBy,
}: {
  offices: Office[];
  today: IsoDate;
  anchor: string;
  label: string;
  highlighted: boolean;
  onAction: (office: Office) => void;
  /** The id of the note about the prices (before tax). */
  describedBy?: string | undefined;
}) {
  const m = useCatalogue(inventoryCatalogue);
  const common = useCatalogue(appCatalogue);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (highlighted) list.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  return (
    <ul ref={list} id={anchor} className={`cards${highlighted ? ' cards--highlighted' : ''}`} aria-label={label} aria-describedby={describedBy} tabIndex={-1}>
      {offices.map((office) => {
        const type = knownServiceType(office.service_type);
        return (
          <li key={office.office_id} className="card">
            <div className="card__icon">
              <Icon name={type ?? 'unknown'} />
            </div>
            <h3 className="card__title">{office.name}</h3>
            <dl className="card__facts">
              <div>
                <dt>{m.idLabel}</dt>
                <dd>{office.office_id}</dd>
              </div>
              <div>
                <dt>{m.typeLabel}</dt>
                <dd>{type ? common.serviceTypes[type] : office.service_type}</dd>
              </div>
              {office.location_code ? (
                <div>
                  <dt>{m.locationLabel}</dt>
                  <dd>{office.location_code}</dd>
                </div>
              ) : null}
              {office.seating_capacity ? (
                <div>
                  <dt>{m.capacityLabel}</dt>
                  <dd>{m.people(office.seating_capacity)}</dd>
                </div>
              ) : null}
            </dl>
            <p className="card__price">
              <PriceTag office={office} />
            </p>
            <ActionButton office={office} today={today} onAction={onAction} />
          </li>
        );
      })}
    </ul>
  );
}
