import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { RentalBilling } from '../../../shared/contract/bookings.ts';
import { billedPeriodText } from '../../../shared/domain/period-text.ts';
import { padReturnReason } from '../../../shared/domain/pad-returns.ts';
import { formatCad } from '../../../shared/domain/pricing.ts';
import { ApiRequestError } from '../../app/api.ts';
import { useOnline } from '../../app/use-online.ts';
import { useCatalogue, useLanguage } from '../../i18n/i18n.tsx';
import { visitorErrorText } from '../../i18n/visitor-problem-words.ts';
import { Alert } from '../../ui/alert.tsx';
import { creditNoteUrl, goToPaymentPage, invoiceUrl, paymentPage } from './api/booking.ts';
import { ticketDate } from './booking-rules.ts';
import { manageBookingCatalogue } from './catalogue.ts';

/**
 * A rental's billing on its manage page: the monthly terms, the next invoice, the card on file
 * (Change card) and every invoice with its state, its PDF and, while owed, Pay now. A tenancy's:
 * the next debit, each invoice's debit day, and Pay now for what no debit will pay. Reads offline
 * like the rest of the page; paying (and, for a card's rental, changing the card) needs the network and says so.
 */
export function RentalBillingSection({ token, billing, fromDevice }: { token: string; billing: RentalBilling; fromDevice: boolean }) {
  const m = useCatalogue(manageBookingCatalogue);
  const { lang, locale } = useLanguage();
  const online = useOnline();
  const money = (cents: number) => formatCad(cents, lang);
  // The provider's page replaces this one: the button stays busy until the browser leaves.
  const toPaymentPage = useMutation({
    mutationFn: (what: { invoice: string; withOwed?: boolean } | 'card') => paymentPage(token, what),
    networkMode: 'always',
    onSuccess: goToPaymentPage,
  });
  const refusal = toPaymentPage.error instanceof ApiRequestError ? toPaymentPage.error : undefined;
  const error = toPaymentPage.error ? (refusal && visitorErrorText(refusal, lang)) || m.actionFailed : null;
  const canPay = online && !fromDevice && !toPaymentPage.isPending;
  const ended = billing.state === 'ended';
  // A tenancy's invoices are debited from the tenant's account: no card is kept, and Pay now is for what no debit will pay.
  const pad = billing.paysBy === 'pad';
  const date = (d: string) => ticketDate(d, locale);
  /** What Pay now pays: owed, and (a tenancy's) no debit to come for it, or its debit came back. The server applies the same rule to the invoices it pays with another. */
  const payable = (invoice: RentalBilling['invoices'][number]) => (invoice.state === 'due' || invoice.state === 'overdue') && (!pad || !invoice.debitOn || !!invoice.returnCode);
  const payables = billing.invoices.filter(payable);
  // Pay now on one invoice while others are owed: the customer chooses, this one alone (the default) or all of them.
  const [choosing, setChoosing] = useState<string | null>(null);
  const payNow = (number: string) => (payables.length > 1 ? setChoosing(number) : toPaymentPage.mutate({ invoice: number }));
  const chosen = payables.find((i) => i.number === choosing);

  return (
    <section className="info-card" aria-labelledby="billing-heading">
      <h2 id="billing-heading">{m.billingTitle}</h2>
      {billing.state === 'overdue' ? <Alert tone="warning">{m.overdueNote}</Alert> : null}
      {ended ? null : <p>{pad ? m.padBillingTerms(money(billing.monthlyCents)) : m.billingTerms(money(billing.monthlyCents))}</p>}
      {pad ? (
        ended ? null : (
          <p className="manage__refund">{billing.nextDebit ? m.nextDebit(money(billing.nextDebit.cents), date(billing.nextDebit.on)) : m.noDebitPlanned}</p>
        )
      ) : billing.next ? (
        <p className="manage__refund">
          {m.nextInvoice(money(billing.next.cents), ticketDate(billing.next.on, locale))}
          {billing.state === 'ending' ? ` ${m.finalNote}` : ''}
        </p>
      ) : billing.state !== 'active' ? (
        <p>{m.lastInvoiceIssued}</p>
      ) : null}
      {ended || pad ? null : (
        <div className="manage__actions">
          <p className="manage__note">{billing.cardOnFile ? m.cardOnFile : m.noCardOnFile}</p>
          <button type="button" className="button button--secondary" onClick={() => toPaymentPage.mutate('card')} disabled={!canPay} aria-describedby={online ? undefined : 'payment-offline'}>
            {m.changeCard}
          </button>
        </div>
      )}

      <h3>{m.invoicesTitle}</h3>
      {billing.invoices.length === 0 ? (
        <p>{m.noInvoices}</p>
      ) : (
        <ul className="manage__refunds">
          {billing.invoices.map((invoice) => {
            const owed = invoice.state === 'due' || invoice.state === 'overdue';
            const returned = invoice.returnCode ? padReturnReason(invoice.returnCode, lang) : null;
            return (
              <li key={invoice.number} className="manage__invoice">
                <span>
                  {m.invoiceLine(invoice.number, billedPeriodText(invoice.periodStart, invoice.periodEnd, lang))} · {money(invoice.total)} ·{' '}
                  <strong className={`manage__invoice-state manage__invoice-state--${invoice.state}`}>{m.invoiceState[invoice.state]}</strong>
                  {owed ? ` · ${m.owedAmount(money(invoice.owed))}` : ''}
                  {returned !== null && invoice.owed > 0 ? ` · ${m.debitReturned(returned)}` : ''}
                  {invoice.debitOn && invoice.owed > 0 ? ` · ${m.debitedOn(date(invoice.debitOn))}` : ''}
                  {(invoice.creditNotes ?? []).map((note) => ` · ${m.creditedBy(note.number, money(note.total))}`).join('')}
                </span>
                <span className="manage__actions">
                  {online ? (
                    <a href={invoiceUrl(token, invoice.number)} type="application/pdf">
                      {m.downloadInvoice(invoice.number)}
                    </a>
                  ) : null}
                  {online
                    ? (invoice.creditNotes ?? []).map((note) => (
                        <a key={note.number} href={creditNoteUrl(token, note.number)} type="application/pdf">
                          {m.downloadCreditNote(note.number)}
                        </a>
                      ))
                    : null}
                  {payable(invoice) ? (
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() => payNow(invoice.number)}
                      disabled={!canPay}
                      aria-label={m.payNowLabel(invoice.number, money(invoice.owed))}
                      aria-describedby={online ? undefined : 'payment-offline'}
                    >
                      {m.payNow}
                    </button>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {chosen && payables.length > 1 ? (
        <PayChoice
          invoice={chosen}
          all={payables}
          money={money}
          canPay={canPay}
          online={online}
          onPay={(withOwed) => toPaymentPage.mutate({ invoice: chosen.number, withOwed })}
          onBack={() => setChoosing(null)}
        />
      ) : null}
      {online ? null : (
        <p id="payment-offline" className="manage__offline">
          {pad ? m.padPaymentNeedsConnection : m.paymentNeedsConnection}
        </p>
      )}
      {toPaymentPage.isPending || toPaymentPage.isSuccess ? (
        <p className="status-text" role="status">
          {m.openingPaymentPage}
        </p>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </section>
  );
}

/**
 * Pay now's choice while other invoices are owed: this invoice alone (the default) or every one
 * owed in one payment, each with its total. The server pays what is owed when it opens the page,
 * which shows the amount before the customer pays.
 */
function PayChoice(props: {
  invoice: { number: string; owed: number };
  all: { owed: number }[];
  money: (cents: number) => string;
  canPay: boolean;
  online: boolean;
  onPay: (withOwed: boolean) => void;
  onBack: () => void;
}) {
  const m = useCatalogue(manageBookingCatalogue);
  const [withOwed, setWithOwed] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  // Opened by a Pay now button: the choice is where the customer goes next.
  useEffect(() => first.current?.focus(), []);
  const total = props.all.reduce((sum, i) => sum + i.owed, 0);
  return (
    <div className="manage-dialog">
      <fieldset className="manage-dialog__days">
        <legend>{m.payChoiceTitle}</legend>
        <label className="manage-dialog__day">
          <input ref={first} type="radio" name="pay-choice" checked={!withOwed} onChange={() => setWithOwed(false)} />
          {m.payThisOnly(props.invoice.number, props.money(props.invoice.owed))}
        </label>
        <label className="manage-dialog__day">
          <input type="radio" name="pay-choice" checked={withOwed} onChange={() => setWithOwed(true)} />
          {m.payAllOwed(props.all.length, props.money(total))}
        </label>
      </fieldset>
      <p className="manage__note">{m.payChoiceNote}</p>
      <div className="manage-dialog__actions">
        <button type="button" className="button button--primary" onClick={() => props.onPay(withOwed)} disabled={!props.canPay} aria-describedby={props.online ? undefined : 'payment-offline'}>
          {m.continueToPayment}
        </button>
        <button type="button" className="button button--secondary" onClick={props.onBack}>
          {m.keepInvoices}
        </button>
      </div>
    </div>
  );
}
