import type { RefundAmounts } from '../../shared/domain/cancellation.ts';
import type { Quote } from '../../shared/domain/pricing.ts';
import { quoteLineNames, taxLabel } from '../documents/line-names.ts';
import type { Language } from './catalogue.ts';
import type { Block, Fact } from './layout.ts';
import { money } from './letter-format.ts';
import { shared } from './shared-words.ts';

/** The subtotal and each tax charged, when any is: a table of amounts without tax shows neither. */
export function taxRows(amounts: { subtotal: number; gst: number; qst: number }, language: Language): Fact[] {
  if (amounts.gst <= 0 && amounts.qst <= 0) return [];
  return [
    { label: shared[language].subtotal, value: money(amounts.subtotal, language) },
    ...(amounts.gst > 0 ? [{ label: taxLabel('gst', language), value: money(amounts.gst, language) }] : []),
    ...(amounts.qst > 0 ? [{ label: taxLabel('qst', language), value: money(amounts.qst, language) }] : []),
  ];
}

/**
 * Lines of a quote (all of them, or the part a refund gives back), word for word as the checkout
 * named them, then the taxes and the total set apart.
 */
export function quoteAmounts(quote: Quote, amounts: RefundAmounts, unitName: string, totalLabel: string, language: Language): Block {
  const rows: Fact[] = quoteLineNames({ ...quote, lines: amounts.lines }, unitName, language).map(({ name, line }) => ({ label: name, value: money(line.cents, language) }));
  return { kind: 'amounts', rows: [...rows, ...taxRows(amounts, language)], total: { label: totalLabel, value: money(amounts.total, language) } };
}
