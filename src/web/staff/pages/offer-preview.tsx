import { initialLeasePayment, type MoveInFeeType } from '../../../shared/domain/lease-payment.ts';
import { isIsoDate } from '../../../shared/domain/time.ts';
import { useStaffLanguage } from '../language.tsx';
import { useFormat } from '../ui.tsx';

export interface OfferTerms {
  monthly_rate: string;
  monthly_discount: string;
  signup_discount: string;
  start_date: string;
  move_in_fee_type: MoveInFeeType;
  move_in_fee_amount: string;
}

const amountPattern = /^\d{1,7}(\.\d{1,2})?$/;
const amountOrBlank = (s: string) => s.trim() === '' || amountPattern.test(s.trim());

/**
 * The initial payment as the tenant's summary will show it: the same shared function
 * (initialLeasePayment of src/shared/domain/lease-payment.ts) on the same terms, so the
 * preview and the tenant's total cannot differ.
 */
export function previewPayment(terms: OfferTerms) {
  const ready =
    isIsoDate(terms.start_date) &&
    amountPattern.test(terms.monthly_rate.trim()) &&
    amountOrBlank(terms.monthly_discount) &&
    amountOrBlank(terms.signup_discount) &&
    (terms.move_in_fee_type !== 'fixed_amount' || amountPattern.test(terms.move_in_fee_amount.trim()));
  if (!ready) return null;
  return initialLeasePayment({
    monthly_rate: terms.monthly_rate.trim(),
    monthly_discount: terms.monthly_discount.trim() || 0,
    signup_discount: terms.signup_discount.trim() || 0,
    start_date: terms.start_date,
    move_in_fee_type: terms.move_in_fee_type,
    move_in_fee_amount: terms.move_in_fee_type === 'fixed_amount' ? terms.move_in_fee_amount.trim() : null,
  });
}

export function OfferPreview({ terms, officesPicked }: { terms: OfferTerms; officesPicked: boolean }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.offers.preview;
  const payment = officesPicked ? previewPayment(terms) : null;
  return (
    <section className="preview" aria-labelledby="offer-preview">
      <h3 id="offer-preview">{t.title}</h3>
      {payment ? (
        <>
          <table className="data-table amounts" data-testid="offer-preview">
            <caption className="visually-hidden">{t.caption}</caption>
            <tbody>
              <tr>
                <th scope="row">{payment.firstMonth.prorated ? t.firstMonthProrated(payment.firstMonth.days, payment.firstMonth.daysInMonth) : t.firstMonthFull}</th>
                <td>{f.cents(payment.firstMonth.cents)}</td>
              </tr>
              <tr>
                <th scope="row">{t.securityDeposit}</th>
                <td>{f.cents(payment.securityDepositCents)}</td>
              </tr>
              <tr>
                <th scope="row">{t.moveInFee}</th>
                <td>{f.cents(payment.moveInFee.cents)}</td>
              </tr>
              <tr>
                <th scope="row">{t.keyFobDeposit}</th>
                <td>{f.cents(payment.keyFobDepositCents)}</td>
              </tr>
              {payment.signupDiscountCents > 0 ? (
                <tr>
                  <th scope="row">{t.signupDiscount}</th>
                  <td>−{f.cents(payment.signupDiscountCents)}</td>
                </tr>
              ) : null}
              <tr>
                <th scope="row">{t.subtotal}</th>
                <td>{f.cents(payment.subtotalCents)}</td>
              </tr>
              <tr>
                <th scope="row">{t.gst}</th>
                <td>{f.cents(payment.gstCents)}</td>
              </tr>
              <tr>
                <th scope="row">{t.qst}</th>
                <td>{f.cents(payment.qstCents)}</td>
              </tr>
            </tbody>
            <tfoot>
              {/* Only the total is read out when it changes: each keystroke would re-read the whole table. */}
              <tr className="amounts__total" aria-live="polite" aria-atomic="true">
                <th scope="row">{t.total}</th>
                <td data-testid="offer-preview-total">{f.cents(payment.totalCents)}</td>
              </tr>
            </tfoot>
          </table>
          <p className="muted small">{t.monthly(f.cents(payment.monthlyPayment.totalCents))}</p>
        </>
      ) : (
        <p className="muted">{t.incomplete}</p>
      )}
    </section>
  );
}
