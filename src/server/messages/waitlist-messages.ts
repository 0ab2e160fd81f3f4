import { sql } from 'kysely';
import type { ClaimedMessage } from '../outbox/worker.ts';
import { assertRecipient, greeting, idOf, languageName, plainAddress, questions, signOff, staffReason, type Draft, type TemplateContext } from './draft.ts';
import { fullDate, instantAtSpace, money, type Language } from './letter-format.ts';
import type { Fact } from './layout.ts';
import { waitlistPaths } from '../../shared/contract/waitlist-offers.ts';
import { site } from '../../shared/site.ts';
import { openSecret } from '../outbox/outbox.ts';
import { unitsOfEntries } from '../waitlist/queue.ts';

/** How long an offer is held: '48 hours (24 for desks and parking)' — from the site's facts, never restated. */
function claimWindowText(language: Language): string {
  const hours: Record<string, number> = site.waitlist.claimWindowHours;
  const offices = hours.dedicated_office!;
  const desks = hours.assigned_desk!;
  const fr = language === 'fr';
  if (offices === desks) return fr ? `${offices} heures` : `${offices} hours`;
  return fr ? `${offices} heures (${desks} heures pour un poste ou une place de stationnement)` : `${offices} hours (${desks} hours for a desk or a parking spot)`;
}

interface Entry {
  id: number;
  customer_name: string;
  email: string;
  phone: string | null;
  number_of_users: number;
  budget_min_cents: number | null;
  budget_max_cents: number | null;
  desired_start_date: string | null;
  created_at: Date;
  language: 'en' | 'fr' | null;
  /** The offices chosen, in the order chosen. */
  offices: string[];
}

async function loadEntry(ctx: TemplateContext, message: ClaimedMessage): Promise<Entry | undefined> {
  const id = Number(idOf(message, 'waitlistEntryId'));
  const row = await ctx.db
    .selectFrom('waitlist_entries')
    .select(['id', 'customer_name', 'email', 'phone', 'number_of_users', 'budget_min_cents', 'budget_max_cents', sql<string | null>`desired_start_date::text`.as('desired_start_date'), 'created_at', 'language'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const offices = await ctx.db
    .selectFrom('waitlist_entry_offices as e')
    .innerJoin('offices as o', 'o.id', 'e.office_id')
    .select('o.name')
    .where('e.entry_id', '=', id)
    .orderBy('e.position')
    .execute();
  return { ...row, created_at: new Date(row.created_at), offices: offices.map((o) => o.name) };
}

/** '$900.00 to $1,500.50 per month', 'up to …', 'from …'; null when no budget was given. */
function budgetText(entry: Entry, language: Language): string | null {
  const min = entry.budget_min_cents === null ? null : money(entry.budget_min_cents, language);
  const max = entry.budget_max_cents === null ? null : money(entry.budget_max_cents, language);
  const fr = language === 'fr';
  if (min && max) return fr ? `de ${min} à ${max} par mois` : `${min} to ${max} per month`;
  if (max) return fr ? `jusqu’à ${max} par mois` : `up to ${max} per month`;
  if (min) return fr ? `à partir de ${min} par mois` : `from ${min} per month`;
  return null;
}

function people(n: number, language: Language): string {
  return language === 'fr' ? `${n} ${n > 1 ? 'personnes' : 'personne'}` : `${n} ${n === 1 ? 'person' : 'people'}`;
}

/** Number of people, budget, start date: what the visitor asked for besides the offices. */
function requestFacts(entry: Entry, language: Language): Fact[] {
  const fr = language === 'fr';
  const rows: Fact[] = [{ label: fr ? 'Nombre de personnes' : 'Number of people', value: String(entry.number_of_users) }];
  const budget = budgetText(entry, language);
  if (budget) rows.push({ label: fr ? 'Budget mensuel' : 'Monthly budget', value: budget });
  if (entry.desired_start_date) rows.push({ label: fr ? 'Date de début souhaitée' : 'Desired start date', value: fullDate(entry.desired_start_date, language) });
  return rows;
}

/** '3rd in line' / 'en 3e position'. */
function placeText(place: number, language: Language): string {
  if (language === 'fr') return `en ${place}${place === 1 ? 're' : 'e'} position`;
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[place % 10] ?? 'th';
  return `${place}${suffix} in line`;
}

/** Each office chosen, with the person's place in line for it as the message is written. */
async function officesInLine(ctx: TemplateContext, entryId: number, language: Language): Promise<string[]> {
  const fr = language === 'fr';
  return (await unitsOfEntries(ctx.db, [entryId])).map((unit) => {
    if (unit.place !== null) return `${unit.name} — ${placeText(unit.place, language)}`;
    if (unit.status === 'offered') return `${unit.name} — ${fr ? 'offert à vous (voyez notre autre courriel)' : 'offered to you (see our other e-mail)'}`;
    return unit.name;
  });
}

export async function waitlistReceived(ctx: TemplateContext, message: ClaimedMessage): Promise<Draft | 'gone'> {
  const entry = await loadEntry(ctx, message);
  if (!entry) return 'gone';
  assertRecipient(message, entry.email);
  if (!message.secretEncrypted) throw new Error('the leave link is not stored with the message');
  const leaveToken = openSecret(ctx.keyring, message.secretEncrypted, message.id);
  if (!leaveToken) throw new Error('the leave link cannot be read');
  const language = message.language;
  const fr = language === 'fr';
  const facts = requestFacts(entry, language);
  if (entry.phone) facts.push({ label: fr ? 'Téléphone' : 'Phone', value: entry.phone });
  const host = new URL(ctx.siteOrigin).host;
  const window = claimWindowText(language);
  return {
    toName: entry.customer_name,
    subject: fr ? `Vous êtes sur la liste d’attente : ${entry.offices.join(', ')}` : `You’re on the waitlist: ${entry.offices.join(', ')}`,
    letter: {
      language,
      title: fr ? 'Vous êtes sur la liste d’attente!' : 'You’re on the waitlist!',
      preview: fr ? 'Nous communiquerons avec vous dès qu’un de ces bureaux se libérera.' : 'We will contact you as soon as one of these offices becomes available.',
      greeting: greeting(entry.customer_name, language),
      blocks: [
        {
          kind: 'paragraph',
          text: fr
            ? `Merci de votre intérêt. Votre demande est inscrite sur la liste d’attente des espaces ci-dessous, dans l’ordre où vous les avez choisis. Dès que l’un d’eux se libère, nous l’offrons à la première personne de sa file : quand ce sera votre tour, vous recevrez un courriel avec un lien pour le réserver, et nous le garderons pour vous ${window}.`
            : `Thank you for your interest. Your request is on the waitlist for the spaces below, in the order you chose them. As soon as one of them frees up, we offer it to the first person in its line: when your turn comes, you will get an e-mail with a link to claim it, and we will hold it for you for ${window}.`,
        },
        { kind: 'section', title: fr ? 'Votre demande' : 'Your request' },
        { kind: 'list', ordered: true, items: await officesInLine(ctx, entry.id, language) },
        { kind: 'facts', rows: facts },
        {
          kind: 'paragraph',
          text: fr
            ? 'L’inscription est gratuite et ne vous engage à rien. Pour quitter la liste d’attente, à tout moment :'
            : 'Joining the waitlist is free and commits you to nothing. To leave the waitlist, at any time:',
        },
        { kind: 'link', label: fr ? 'Quitter la liste d’attente' : 'Leave the waitlist', url: `${ctx.siteOrigin}${waitlistPaths.leave(leaveToken)}` },
        { kind: 'button', label: fr ? 'Voir les espaces disponibles' : 'See the spaces available now', url: `${ctx.siteOrigin}/offices` },
        { kind: 'paragraph', text: questions(language) },
      ],
      signOff: signOff(language),
      reason: fr ? `Vous recevez ce courriel parce que vous avez fait une demande de liste d’attente sur ${host}.` : `You are receiving this e-mail because you joined the waitlist on ${host}.`,
    },
    attachments: [],
  };
}

export async function staffWaitlistEntry(ctx: TemplateContext, message: ClaimedMessage): Promise<Draft | 'gone'> {
  const entry = await loadEntry(ctx, message);
  if (!entry) return 'gone';
  const language = message.language;
  const fr = language === 'fr';
  return {
    toName: null,
    subject: fr
      ? `Liste d’attente : ${entry.customer_name}, ${people(entry.number_of_users, language)} – ${entry.offices.join(', ')}`
      : `Waitlist: ${entry.customer_name}, ${people(entry.number_of_users, language)} – ${entry.offices.join(', ')}`,
    letter: {
      language,
      title: fr ? 'Nouvelle inscription à la liste d’attente' : 'New waitlist entry',
      blocks: [
        {
          kind: 'facts',
          rows: [
            { label: fr ? 'Nom' : 'Name', value: entry.customer_name },
            { label: fr ? 'Courriel' : 'E-mail', value: entry.email },
            { label: fr ? 'Téléphone' : 'Phone', value: entry.phone ?? '—' },
            { label: fr ? 'Langue' : 'Language', value: entry.language ? languageName(entry.language, language) : '—' },
            { label: fr ? 'Bureaux, par ordre de préférence' : 'Offices, in order of preference', value: entry.offices.map((name, i) => `${i + 1}. ${name}`).join('\n') },
            ...requestFacts(entry, language),
            { label: fr ? 'Reçue le' : 'Received on', value: instantAtSpace(entry.created_at, language) },
            { label: fr ? 'Inscription' : 'Entry', value: `#${entry.id}` },
          ],
        },
      ],
      reason: staffReason(language),
    },
    attachments: [],
    ...(plainAddress(entry.email) ? { replyTo: plainAddress(entry.email) } : {}),
  };
}
