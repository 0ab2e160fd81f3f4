import { useMemo } from 'react';
import { quote } from '../../../shared/domain/pricing.ts';
import { spaceToday } from '../../../shared/domain/zoned-time.ts';
import type { UnitActionDialogProps } from '../../app/unit-dialog.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { CancellationPolicy, CardKeptNote, SummaryLines, TermsList, taxesCharged, useMoney } from './booking-parts.tsx';
import { bookingCatalogue, type BookingCatalogue } from './catalogue.ts';
import { useCheckout } from './use-checkout.ts';
import './booking.css';

/** What a plan adds to the base mailbox, by its office_id (SPEC §3). */
function planFeatures(officeId: string, m: BookingCatalogue): string[] {
  const list = m.mailboxFeatureList;
  switch (officeId.toUpperCase()) {
    case 'MAILBOX-SCAN':
      return [...list.base, ...list.scan];
    case 'MAILBOX-FORWARD':
      return [...list.base, ...list.forward];
    case 'MAILBOX-PREMIUM':
      return [...list.base, ...list.scan, ...list.forward];
    case 'VIRTUAL-BASIC':
      return [...list.base, ...list.virtual];
    default:
      return list.base;
  }
}

/** SPEC §2 modal 6: the plan's features, what to know before subscribing, and 'Subscribe for $…/mo'. */
export default function MailboxDialog({ office, onClose }: UnitActionDialogProps) {
  const m = useCatalogue(bookingCatalogue);
  const common = useCatalogue(appCatalogue);
  const money = useMoney();
  const { pay, processing, error, setError } = useCheckout();
  // One month, taxes included: what the card is charged today and every month.
  const today = useMemo(() => spaceToday(new Date()), []);
  const bill = quote(office, { product: 'mailbox' }, today);

  const onSubscribe = () => {
    if (!bill) {
      setError(m.mailboxPriceUnavailable);
      return;
    }
    void pay(office, { product: 'mailbox' }, m.mailboxPriceUnavailable);
  };

  return (
    <Dialog title={m.mailboxTitle(office.name)} onClose={onClose} closeLabel={common.close}>
      <div className="booking">
        <section>
          <h3 className="booking-section-title">{m.mailboxFeatures}</h3>
          <ul className="booking-features">
            {planFeatures(office.office_id, m).map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </section>
        <section>
          <h3 className="booking-section-title">{m.importantInformation}</h3>
          <p>{m.mailboxIdNotice}</p>
        </section>
        <TermsList serviceType={office.service_type} />
        <CancellationPolicy serviceType={office.service_type} products={['mailbox']} />
        <SummaryLines lines={[]} bill={bill} totalLabel={taxesCharged() ? m.totalPerMonth : m.monthlyPrice} />
        <CardKeptNote product="mailbox" />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <button type="button" className="button button--primary button--block" onClick={onSubscribe} disabled={processing} aria-busy={processing}>
          {processing ? m.processing : bill ? m.subscribeFor(money(bill.total)) : m.subscribeUnpriced}
        </button>
      </div>
    </Dialog>
  );
}
