import { sql } from 'kysely';
import { waitlistPaths } from '../../shared/contract/waitlist-offers.ts';
import { quote, type ProductChoice, type Quote } from '../../shared/domain/pricing.ts';
import { isServiceType, serviceTypeNames } from '../../shared/domain/products.ts';
import { claimProducts, isOfferable } from '../../shared/domain/waitlist-offers.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import { quoteLineNames, taxLabel } from '../documents/line-names.ts';
import { openSecret } from '../outbox/outbox.ts';
import type { ClaimedMessage } from '../outbox/worker.ts';
import { assertRecipient, greeting, idOf, questions, signOff, type Draft, type TemplateContext } from './draft.ts';
import { instantAtSpace, money, type Language } from './letter-format.ts';
import type { Block, Fact } from './layout.ts';

/** The offer, its entry's person and its unit, as the e-mail describes them. */
async function loadOffer(ctx: TemplateContext, message: ClaimedMessage) {
  return ctx.db
    .selectFrom('waitlist_offers as f')
    .innerJoin('waitlist_entries as e', 'e.id', 'f.entry_id')
    .innerJoin('offices as o', 'o.id', 'f.office_id')
    .select(['f.id', 'f.status', 'f.deadline_at', 'e.customer_name', 'e.email', 'o.office_id', 'o.name', 'o.service_type', 'o.location_code', 'o.seating_capacity'])
    .select(sql<string | null>`o.base_monthly_rate::text`.as('base_monthly_rate'))
    .where('f.id', '=', String(idOf(message, 'waitlistOfferId')))
    .executeTakeFirst();
}

const words = {
  en: {
    options: { office_monthly: 'Month-to-month', office_lease: '12-month lease', standard: 'Month-to-month rental' } as Record<string, string>,
    subtotal: 'Subtotal',
    dueToday: 'Due today',
    type: 'Type',
    location: 'Location',
    capacity: 'Capacity',
    people: (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`,
    claimUntil: 'Held for you until',
  },
  fr: {
    options: { office_monthly: 'Au mois', office_lease: 'Bail de 12 mois', standard: 'Location mensuelle' } as Record<string, string>,
    subtotal: 'Sous-total',
    dueToday: 'À payer aujourd’hui',
    type: 'Type',
    location: 'Emplacement',
    capacity: 'Capacité',
    people: (n: number) => `${n} ${n > 1 ? 'personnes' : 'personne'}`,
    claimUntil: 'Réservé pour vous jusqu’au',
  },
};

/** What renting it costs today, each way it can be rented, taxes shown: the server's own quotes. */
function priceBlocks(quotes: readonly Quote[], unitName: string, language: Language): Block[] {
  const w = words[language];
  return quotes.flatMap((q): Block[] => {
    const rows: Fact[] = quoteLineNames(q, unitName, language).map(({ name, line }) => ({ label: name, value: money(line.cents, language) }));
    if (q.gst > 0 || q.qst > 0) {
      rows.push({ label: w.subtotal, value: money(q.subtotal, language) });
      if (q.gst > 0) rows.push({ label: taxLabel('gst', language), value: money(q.gst, language) });
      if (q.qst > 0) rows.push({ label: taxLabel('qst', language), value: money(q.qst, language) });
    }
    return [
      { kind: 'section', title: w.options[q.product] ?? q.product },
      { kind: 'amounts', rows, total: { label: w.dueToday, value: money(q.total, language) } },
    ];
  });
}

/**
 * A freed unit offered to the person first in line: what it is and costs, until when it is held
 * for them (at the space's time), a link to claim it and one to pass.
 */
export async function waitlistOffer(ctx: TemplateContext, message: ClaimedMessage): Promise<Draft | 'gone'> {
  const offer = await loadOffer(ctx, message);
  // Declined, withdrawn or lapsed before the message could go (or when it is sent again): it would offer what is no longer held.
  if (!offer || offer.status !== 'open' || new Date(offer.deadline_at) <= ctx.clock()) return 'gone';
  assertRecipient(message, offer.email);
  if (!message.secretEncrypted) throw new Error('the offer’s links are not stored with the message');
  const sealed = openSecret(ctx.keyring, message.secretEncrypted, message.id);
  const links = sealed ? (JSON.parse(sealed) as { claim?: unknown; decline?: unknown }) : null;
  if (typeof links?.claim !== 'string' || typeof links.decline !== 'string') throw new Error('the offer’s links cannot be read');
  const language = message.language;
  const fr = language === 'fr';
  const w = words[language];
  const type = isServiceType(offer.service_type) ? serviceTypeNames[language][offer.service_type] : offer.service_type;
  const deadline = instantAtSpace(new Date(offer.deadline_at), language);
  const today = spaceToday(ctx.clock());
  const onSale = { ...offer, is_available: true };
  const quotes = (isOfferable(offer.service_type) ? claimProducts(offer.service_type) : [])
    .map((product) => quote(onSale, { product } as ProductChoice, today))
    .filter((q): q is Quote => q !== null);
  const facts: Fact[] = [{ label: w.type, value: type }];
  if (offer.location_code) facts.push({ label: w.location, value: offer.location_code });
  if (offer.seating_capacity) facts.push({ label: w.capacity, value: w.people(offer.seating_capacity) });
  facts.push({ label: w.claimUntil, value: deadline });
  const host = new URL(ctx.siteOrigin).host;
  return {
    toName: offer.customer_name,
    subject: fr ? `${offer.name} est libre : cet espace vous est réservé jusqu’au ${deadline}` : `${offer.name} is free: it’s held for you until ${deadline}`,
    letter: {
      language,
      title: fr ? `${offer.name} est à vous si vous le voulez` : `${offer.name} is yours if you want it`,
      preview: fr ? `Réservé pour vous jusqu’au ${deadline}.` : `Held for you until ${deadline}.`,
      greeting: greeting(offer.customer_name, language),
      blocks: [
        {
          kind: 'paragraph',
          text: fr
            ? `Bonne nouvelle : un espace pour lequel vous êtes sur notre liste d’attente, ${offer.name}, vient de se libérer, et c’est à vous que nous l’offrons en premier. Nous le gardons rien que pour vous jusqu’au ${deadline}.`
            : `Good news: ${offer.name}, which you are on our waitlist for, has just become available, and you are the first person we offer it to. We are holding it for you alone until ${deadline}.`,
        },
        { kind: 'facts', rows: facts },
        ...priceBlocks(quotes, offer.name, language),
        { kind: 'button', label: fr ? `Réserver ${offer.name}` : `Claim ${offer.name}`, url: `${ctx.siteOrigin}${waitlistPaths.claim(links.claim)}` },
        {
          kind: 'paragraph',
          text: fr
            ? 'Ça ne vous intéresse plus? Dites-le-nous, et nous l’offrirons tout de suite à la personne suivante :'
            : 'Not interested any more? Let us know, and we will offer it to the next person in line right away:',
        },
        { kind: 'link', label: fr ? 'Ça ne m’intéresse pas' : 'I’m not interested', url: `${ctx.siteOrigin}${waitlistPaths.decline(links.decline)}` },
        {
          kind: 'paragraph',
          text: fr
            ? `Sans nouvelles de vous d’ici le ${deadline}, l’offre prendra fin et l’espace sera offert à la personne suivante.`
            : `If we have not heard from you by ${deadline}, the offer ends and the space goes to the next person.`,
        },
        { kind: 'paragraph', text: questions(language) },
      ],
      signOff: signOff(language),
      reason: fr ? `Vous recevez ce courriel parce que vous êtes sur la liste d’attente de ${host}.` : `You are receiving this e-mail because you are on the waitlist on ${host}.`,
    },
    attachments: [],
  };
}
