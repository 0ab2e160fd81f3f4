import type { CancellationRule } from '../../shared/domain/cancellation.ts';
import { site } from '../../shared/site.ts';
import type { Catalogue } from './i18n.tsx';

/*
 * The cancellation policy in words, from its rule (src/shared/domain/cancellation.ts): shown
 * before buying (the booking dialogs) and after (the manage page), so both say the same.
 */

type ByDay = Extract<CancellationRule, { kind: 'by_day' }>;
type Notice = Extract<CancellationRule, { kind: 'notice' }>;

const nbsp = '\u00a0';

const en = {
  title: 'Cancellation policy',
  /** Before a rule's own words, after the option it is for ('Daily: …'). */
  labelEnd: ': ',
  /** 7 → '7 a.m.'. */
  hour: (hour: number) => `${hour % 12 || 12}${nbsp}${hour < 12 ? 'a.m.' : 'p.m.'}`,
  byDay: (rule: ByDay, each: boolean) =>
    `${each ? 'Each day can be cancelled' : 'Free cancellation'} with a full refund, taxes included, until ${rule.hoursBefore} hours before ${en.hour(rule.opensHour)} on the day booked. After that, no refund.`,
  notice: (rule: Notice) =>
    `Not cancelled, but ended with notice: give notice online at any time, and the rental ends ${rule.noticeDays} days later${rule.minimumTermMonths ? `, but not before the end of its ${rule.minimumTermMonths}-month minimum term` : ''}.`,
  contact: `A 12-month lease is not cancelled online. To talk about it, contact us at ${site.email} or ${site.phoneDisplay}.`,
};

const fr: typeof en = {
  title: 'Politique d’annulation',
  labelEnd: `${nbsp}: `,
  hour: (hour: number) => `${hour}${nbsp}h`,
  byDay: (rule: ByDay, each: boolean) =>
    `${each ? 'Chaque jour peut être annulé' : 'Annulation gratuite'} avec remboursement complet, taxes incluses, jusqu’à ${rule.hoursBefore} heures avant ${fr.hour(rule.opensHour)} le jour réservé. Ensuite, aucun remboursement.`,
  notice: (rule: Notice) =>
    `Elle ne s’annule pas, elle se termine par un préavis : donnez-le en ligne en tout temps, et la location se termine ${rule.noticeDays} jours plus tard${rule.minimumTermMonths ? `, mais pas avant la fin de sa durée minimale de ${rule.minimumTermMonths} mois` : ''}.`,
  contact: `Un bail de 12 mois ne s’annule pas en ligne. Pour en discuter, écrivez-nous à ${site.email} ou appelez-nous au ${site.phoneDisplay}.`,
};

export const cancellationPolicyCatalogue: Catalogue<typeof en> = { en, fr };

/** The policy of a rule in a language's words; `eachDay` for a booking of several days. */
export function policyText(m: typeof en, rule: CancellationRule, eachDay = false): string {
  switch (rule.kind) {
    case 'by_day':
      return m.byDay(rule, eachDay);
    case 'notice':
      return m.notice(rule);
    case 'contact':
      return m.contact;
  }
}
