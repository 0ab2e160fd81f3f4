import { waitlistPaths } from '../../shared/contract/waitlist-offers.ts';
import type { Quote } from '../../shared/domain/pricing.ts';
import { isServiceType, serviceTypeNames, type Product } from '../../shared/domain/products.ts';
import { quoteAmounts } from './amounts.ts';
import { catalogue, type Language } from './catalogue.ts';
import { assertRecipient, type Template } from './draft.ts';
import type { Block, Fact } from './layout.ts';
import { instantAtSpace } from './letter-format.ts';
import { greeting, shared } from './shared-words.ts';

const texts = catalogue({
  en: {
    options: { office_monthly: 'Month-to-month', office_lease: '12-month lease', standard: 'Month-to-month rental' } as Partial<Record<Product, string>>,
    dueToday: 'Due today',
    type: 'Type',
    location: 'Location',
    capacity: 'Capacity',
    people: (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`,
    claimUntil: 'Held for you until',
    subject: (unit: string, deadline: string) => `${unit} is free: it’s held for you until ${deadline}`,
    title: (unit: string) => `${unit} is yours if you want it`,
    preview: (deadline: string) => `Held for you until ${deadline}.`,
    goodNews: (unit: string, deadline: string) =>
      `Good news: ${unit}, which you are on our waitlist for, has just become available, and you are the first person we offer it to. We are holding it for you alone until ${deadline}.`,
    claim: (unit: string) => `Claim ${unit}`,
    notInterested: 'Not interested any more? Let us know, and we will offer it to the next person in line right away:',
    decline: 'I’m not interested',
    ends: (deadline: string) => `If we have not heard from you by ${deadline}, the offer ends and the space goes to the next person.`,
    reason: (host: string) => `You are receiving this e-mail because you are on the waitlist on ${host}.`,
  },
  fr: {
    options: { office_monthly: 'Au mois', office_lease: 'Bail de 12 mois', standard: 'Location mensuelle' },
    dueToday: 'À payer aujourd’hui',
    type: 'Type',
    location: 'Emplacement',
    capacity: 'Capacité',
    people: (n) => `${n} ${n > 1 ? 'personnes' : 'personne'}`,
    claimUntil: 'Réservé pour vous jusqu’au',
    subject: (unit, deadline) => `${unit} est libre : cet espace vous est réservé jusqu’au ${deadline}`,
    title: (unit) => `${unit} est à vous si vous le voulez`,
    preview: (deadline) => `Réservé pour vous jusqu’au ${deadline}.`,
    goodNews: (unit, deadline) =>
      `Bonne nouvelle : un espace pour lequel vous êtes sur notre liste d’attente, ${unit}, vient de se libérer, et c’est à vous que nous l’offrons en premier. Nous le gardons rien que pour vous jusqu’au ${deadline}.`,
    claim: (unit) => `Réserver ${unit}`,
    notInterested: 'Ça ne vous intéresse plus? Dites-le-nous, et nous l’offrirons tout de suite à la personne suivante :',
    decline: 'Ça ne m’intéresse pas',
    ends: (deadline) => `Sans nouvelles de vous d’ici le ${deadline}, l’offre prendra fin et l’espace sera offert à la personne suivante.`,
    reason: (host) => `Vous recevez ce courriel parce que vous êtes sur la liste d’attente de ${host}.`,
  },
});

/** What renting it costs, each way it can be rented, taxes shown: the server's own quotes. */
function priceBlocks(quotes: readonly Quote[], unitName: string, language: Language): Block[] {
  const t = texts[language];
  return quotes.flatMap((q): Block[] => [
    { kind: 'section', title: t.options[q.product] ?? q.product },
    quoteAmounts(q, q, unitName, t.dueToday, language),
  ]);
}

/** The offer's two links, which its row carries sealed. */
function linksOf(secret: string | null): { claim: string; decline: string } {
  const links = secret ? (JSON.parse(secret) as { claim?: unknown; decline?: unknown }) : null;
  if (typeof links?.claim !== 'string' || typeof links.decline !== 'string') throw new Error('the offer’s links cannot be read');
  return { claim: links.claim, decline: links.decline };
}

/**
 * A freed unit offered to the person first in line: what it is and costs, until when it is held
 * for them (at the space's time), a link to claim it and one to pass.
 */
export const waitlistOffer: Template<'waitlist_offer'> = (ctx, message) => {
  const { person, unit, deadline, quotes } = message.data;
  // Lapsed before the message could go (or when it is sent again): it would offer what is no longer held.
  if (deadline <= ctx.clock()) return 'gone';
  assertRecipient(message, person.email);
  const links = linksOf(message.secret);
  const language = message.language;
  const t = texts[language];
  const until = instantAtSpace(deadline, language);
  const facts: Fact[] = [{ label: t.type, value: isServiceType(unit.serviceType) ? serviceTypeNames[language][unit.serviceType] : unit.serviceType }];
  if (unit.location) facts.push({ label: t.location, value: unit.location });
  if (unit.capacity) facts.push({ label: t.capacity, value: t.people(unit.capacity) });
  facts.push({ label: t.claimUntil, value: until });
  return {
    toName: person.name,
    subject: t.subject(unit.name, until),
    letter: {
      language,
      title: t.title(unit.name),
      preview: t.preview(until),
      greeting: greeting(person.name, language),
      blocks: [
        { kind: 'paragraph', text: t.goodNews(unit.name, until) },
        { kind: 'facts', rows: facts },
        ...priceBlocks(quotes, unit.name, language),
        { kind: 'button', label: t.claim(unit.name), url: `${ctx.siteOrigin}${waitlistPaths.claim(links.claim)}` },
        { kind: 'paragraph', text: t.notInterested },
        { kind: 'link', label: t.decline, url: `${ctx.siteOrigin}${waitlistPaths.decline(links.decline)}` },
        { kind: 'paragraph', text: t.ends(until) },
        { kind: 'paragraph', text: shared[language].questions },
      ],
      signOff: shared[language].signOff,
      reason: t.reason(new URL(ctx.siteOrigin).host),
    },
    attachments: [],
  };
};
