import { waitlistPaths } from '../../shared/contract/waitlist-offers.ts';
import { site } from '../../shared/site.ts';
import type { MessageData } from '../outbox/outbox.ts';
import { catalogue, type Language } from './catalogue.ts';
import { assertRecipient, staffDraft, type Draft, type Template } from './draft.ts';
import type { Fact } from './layout.ts';
import { fullDate, instantAtSpace, money } from './letter-format.ts';
import { greeting, shared } from './shared-words.ts';

/* A waitlist entry: the acknowledgement with the person's place in line, and staff's notice. */

type Entry = MessageData['waitlist_received']['entry'];

const texts = catalogue({
  en: {
    hours: (n: number) => `${n} hours`,
    /** How long an offer is held, when offices are held longer than desks and parking. */
    claimWindows: (offices: string, desks: string) => `${offices} (${desks} for a desk or a parking spot)`,
    budget: { between: (min: string, max: string) => `${min} to ${max} per month`, upTo: (max: string) => `up to ${max} per month`, from: (min: string) => `from ${min} per month` },
    people: (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`,
    numberOfPeople: 'Number of people',
    monthlyBudget: 'Monthly budget',
    desiredStart: 'Desired start date',
    phone: 'Phone',
    /** '1st in line', '22nd in line', '13th in line'. */
    place: (place: number) => {
      const tens = place % 100;
      const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[place % 10] ?? 'th';
      return `${place}${suffix} in line`;
    },
    offeredToYou: 'offered to you (see our other e-mail)',
    subject: (units: string) => `You’re on the waitlist: ${units}`,
    title: 'You’re on the waitlist!',
    preview: 'We will contact you as soon as one of these offices becomes available.',
    howItWorks: (window: string) =>
      `Thank you for your interest. Your request is on the waitlist for the spaces below, in the order you chose them. As soon as one of them frees up, we offer it to the first person in its line: when your turn comes, you will get an e-mail with a link to claim it, and we will hold it for you for ${window}.`,
    yourRequest: 'Your request',
    free: 'Joining the waitlist is free and commits you to nothing. To leave the waitlist, at any time:',
    leave: 'Leave the waitlist',
    seeAvailable: 'See the spaces available now',
    reason: (host: string) => `You are receiving this e-mail because you joined the waitlist on ${host}.`,
    staffSubject: (name: string, people: string, units: string) => `Waitlist: ${name}, ${people} – ${units}`,
    staffTitle: 'New waitlist entry',
    name: 'Name',
    email: 'E-mail',
    language: 'Language',
    unitsByPreference: 'Offices, in order of preference',
    receivedOn: 'Received on',
    entry: 'Entry',
  },
  fr: {
    hours: (n) => `${n} heures`,
    claimWindows: (offices, desks) => `${offices} (${desks} pour un poste ou une place de stationnement)`,
    budget: { between: (min, max) => `de ${min} à ${max} par mois`, upTo: (max) => `jusqu’à ${max} par mois`, from: (min) => `à partir de ${min} par mois` },
    people: (n) => `${n} ${n > 1 ? 'personnes' : 'personne'}`,
    numberOfPeople: 'Nombre de personnes',
    monthlyBudget: 'Budget mensuel',
    desiredStart: 'Date de début souhaitée',
    phone: 'Téléphone',
    /** 'en 1re position', 'en 3e position'. */
    place: (place) => `en ${place}${place === 1 ? 're' : 'e'} position`,
    offeredToYou: 'offert à vous (voyez notre autre courriel)',
    subject: (units) => `Vous êtes sur la liste d’attente : ${units}`,
    title: 'Vous êtes sur la liste d’attente!',
    preview: 'Nous communiquerons avec vous dès qu’un de ces bureaux se libérera.',
    howItWorks: (window) =>
      `Merci de votre intérêt. Votre demande est inscrite sur la liste d’attente des espaces ci-dessous, dans l’ordre où vous les avez choisis. Dès que l’un d’eux se libère, nous l’offrons à la première personne de sa file : quand ce sera votre tour, vous recevrez un courriel avec un lien pour le réserver, et nous le garderons pour vous ${window}.`,
    yourRequest: 'Votre demande',
    free: 'L’inscription est gratuite et ne vous engage à rien. Pour quitter la liste d’attente, à tout moment :',
    leave: 'Quitter la liste d’attente',
    seeAvailable: 'Voir les espaces disponibles',
    reason: (host) => `Vous recevez ce courriel parce que vous avez fait une demande de liste d’attente sur ${host}.`,
    staffSubject: (name, people, units) => `Liste d’attente : ${name}, ${people} – ${units}`,
    staffTitle: 'Nouvelle inscription à la liste d’attente',
    name: 'Nom',
    email: 'Courriel',
    language: 'Langue',
    unitsByPreference: 'Bureaux, par ordre de préférence',
    receivedOn: 'Reçue le',
    entry: 'Inscription',
  },
});

/** How long an offer is held: '48 hours (24 for desks and parking)', from the site's facts, never restated. */
function claimWindowText(language: Language): string {
  const t = texts[language];
  const hours: Record<string, number> = site.waitlist.claimWindowHours;
  const offices = hours.dedicated_office!;
  const desks = hours.assigned_desk!;
  return offices === desks ? t.hours(offices) : t.claimWindows(t.hours(offices), t.hours(desks));
}

/** '$900.00 to $1,500.50 per month', 'up to …', 'from …'; null when no budget was given. */
function budgetText(entry: Entry, language: Language): string | null {
  const budget = texts[language].budget;
  const min = entry.budget.minCents === null ? null : money(entry.budget.minCents, language);
  const max = entry.budget.maxCents === null ? null : money(entry.budget.maxCents, language);
  if (min && max) return budget.between(min, max);
  if (max) return budget.upTo(max);
  if (min) return budget.from(min);
  return null;
}

/** Number of people, budget, start date: what the visitor asked for besides the offices. */
function requestFacts(entry: Entry, language: Language): Fact[] {
  const t = texts[language];
  const rows: Fact[] = [{ label: t.numberOfPeople, value: String(entry.people) }];
  const budget = budgetText(entry, language);
  if (budget) rows.push({ label: t.monthlyBudget, value: budget });
  if (entry.desiredStart) rows.push({ label: t.desiredStart, value: fullDate(entry.desiredStart, language) });
  return rows;
}

/** Each office chosen, with where the person stood for it when they joined. */
function unitsInLine(units: MessageData['waitlist_received']['units'], language: Language): string[] {
  const t = texts[language];
  return units.map((unit) => {
    if (unit.place !== null) return `${unit.name} — ${t.place(unit.place)}`;
    if (unit.offered) return `${unit.name} — ${t.offeredToYou}`;
    return unit.name;
  });
}

export const waitlistReceived: Template<'waitlist_received'> = (ctx, message): Draft => {
  const { entry, units } = message.data;
  assertRecipient(message, entry.email);
  if (!message.secret) throw new Error('the leave link is not stored with the message');
  const language = message.language;
  const t = texts[language];
  const facts = requestFacts(entry, language);
  if (entry.phone) facts.push({ label: t.phone, value: entry.phone });
  const names = units.map((u) => u.name).join(', ');
  return {
    toName: entry.name,
    subject: t.subject(names),
    letter: {
      language,
      title: t.title,
      preview: t.preview,
      greeting: greeting(entry.name, language),
      blocks: [
        { kind: 'paragraph', text: t.howItWorks(claimWindowText(language)) },
        { kind: 'section', title: t.yourRequest },
        { kind: 'list', ordered: true, items: unitsInLine(units, language) },
        { kind: 'facts', rows: facts },
        { kind: 'paragraph', text: t.free },
        { kind: 'link', label: t.leave, url: `${ctx.siteOrigin}${waitlistPaths.leave(message.secret)}` },
        { kind: 'button', label: t.seeAvailable, url: `${ctx.siteOrigin}/offices` },
        { kind: 'paragraph', text: shared[language].questions },
      ],
      signOff: shared[language].signOff,
      reason: t.reason(new URL(ctx.siteOrigin).host),
    },
    attachments: [],
  };
};

export const staffWaitlistEntry: Template<'staff_waitlist_entry'> = (_ctx, message): Draft => {
  const { entry, units } = message.data;
  const language = message.language;
  const t = texts[language];
  return staffDraft(language, entry.email, {
    subject: t.staffSubject(entry.name, t.people(entry.people), units.map((u) => u.name).join(', ')),
    title: t.staffTitle,
    blocks: [
      {
        kind: 'facts',
        rows: [
          { label: t.name, value: entry.name },
          { label: t.email, value: entry.email },
          { label: t.phone, value: entry.phone ?? '—' },
          { label: t.language, value: entry.language ? shared[language].languageNames[entry.language] : '—' },
          { label: t.unitsByPreference, value: units.map((unit, i) => `${i + 1}. ${unit.name}`).join('\n') },
          ...requestFacts(entry, language),
          { label: t.receivedOn, value: instantAtSpace(entry.receivedAt, language) },
          { label: t.entry, value: `#${entry.id}` },
        ],
      },
    ],
  });
};
