import type { Office } from '../../../shared/contract/offices.ts';
import type { IsoDate } from '../../../shared/domain/time.ts';
import { formatLongDate, formatMoney } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { inventoryCatalogue } from './catalogue.ts';
import { unitAction, unitPrice, unitStatus } from './unit-view.ts';

export function StatusBadge({ office, today }: { office: Office; today: IsoDate }) {
  const m = useCatalogue(inventoryCatalogue);
  const { locale } = useLanguage();
  const status = unitStatus(office, today);
  const text =
    status.label.kind === 'available'
      ? m.status.available
      : status.label.kind === 'occupied'
        ? m.status.occupied
        : status.label.kind === 'long-term'
          ? m.status.longTerm
          : m.status.leaseEnd(status.label.date);
  return (
    <div className="status">
      <span className={`badge badge--${status.colour}`} data-category={status.category}>
        {text}
      </span>
      {status.availableFrom ? (
        <span className="status__from">
          {m.availableFrom} {formatLongDate(status.availableFrom, locale)}
        </span>
      ) : null}
    </div>
  );
}

export function PriceTag({ office }: { office: Office }) {
  const m = useCatalogue(inventoryCatalogue);
  const { locale } = useLanguage();
  const price = unitPrice(office);
  if (price.kind === 'contact') return <span className="price price--contact">{m.contactForPricing}</span>;
  const per = price.per === 'day' ? m.perDay : m.perMonth;
  return (
    <span className="price">
      {price.original !== undefined ? (
        <>
          <s className="price__original">
            <span className="visually-hidden">{m.originalPrice} </span>
            {formatMoney(price.original, locale)}
          </s>{' '}
        </>
      ) : null}
      <span className="price__amount">{formatMoney(price.amount, locale)}</span>
      <span className="price__per">{per}</span>
      {price.percentOff ? <span className="price__off"> {m.percentOff(price.percentOff)}</span> : null}
    </span>
  );
}

export function ActionButton({ office, today, onAction }: { office: Office; today: IsoDate; onAction: (office: Office) => void }) {
  const m = useCatalogue(inventoryCatalogue);
  const action = unitAction(office, today);
  const primary = action.kind !== 'waitlist';
  return (
    <button type="button" className={`button ${primary ? 'button--primary' : 'button--secondary'}`} onClick={() => onAction(office)} aria-label={`${m.buttons[action.label]}: ${office.name}`}>
      {m.buttons[action.label]}
    </button>
  );
}
