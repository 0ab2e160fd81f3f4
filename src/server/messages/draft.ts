import { site } from '../../shared/site.ts';
import type { Db } from '../db/database.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { messageKinds, type MessageKind } from '../outbox/outbox.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import type { ClaimedMessage } from '../outbox/worker.ts';
import { oneLine, type Language } from './letter-format.ts';
import type { Letter } from './layout.ts';

/** What a template reads its records with. */
export interface TemplateContext {
  db: Db;
  keyring: BankingKeyring;
  /** The site's public origin, without a trailing slash: every link starts with it. */
  siteOrigin: string;
  clock: () => Date;
}

/** A message as a template writes it; messages.ts turns it into the mail (headers, both parts). */
export interface Draft {
  /** The reader's name, for the To header's display name, when the records know it. */
  toName: string | null;
  subject: string;
  letter: Letter;
  attachments: OutgoingMail['attachments'];
  /** For staff: the customer's address, so that a reply reaches them. */
  replyTo?: string;
}

export type Template = (ctx: TemplateContext, message: ClaimedMessage) => Promise<Draft | 'gone'>;

/** The kinds written for staff (site.operations), named staff_…; every other kind is for the person the records name. */
export const staffKinds: ReadonlySet<MessageKind> = new Set(messageKinds.filter((kind) => kind.startsWith('staff_')));

/**
 * A message about someone goes only to that someone: the row's recipient must be the address
 * the records hold, or the message is not written at all (it fails, for staff to look at).
 */
export function assertRecipient(message: ClaimedMessage, recordAddress: string | null): void {
  if (staffKinds.has(message.kind)) return;
  if (!recordAddress || recordAddress.trim().toLowerCase() !== message.recipient.trim().toLowerCase()) {
    throw new Error(`the recipient of ${message.kind} is not the address its records hold`);
  }
}

/** An address fit for a Reply-To header as it stands (the checkout and the forms validate them; this checks again). */
export function plainAddress(address: string | null | undefined): string | undefined {
  return address && /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/.test(address) ? address : undefined;
}

export function greeting(name: string | null | undefined, language: Language): string {
  const first = name ? oneLine(name, 100) : '';
  if (language === 'fr') return first ? `Bonjour ${first},` : 'Bonjour,';
  return first ? `Hello ${first},` : 'Hello,';
}

export function signOff(language: Language): string {
  if (language === 'en') return `The team at ${site.productName}`;
  return /^[aeiouyéèêh]/i.test(site.productName) ? `L’équipe d’${site.productName}` : `L’équipe de ${site.productName}`;
}

export function questions(language: Language): string {
  return language === 'fr'
    ? `Des questions? Répondez simplement à ce courriel ou appelez-nous au ${site.phoneDisplay}.`
    : `Questions? Simply reply to this e-mail or call us at ${site.phoneDisplay}.`;
}

export function staffReason(language: Language): string {
  return language === 'fr' ? 'Message automatique du site de réservation, pour l’équipe des opérations.' : 'Automatic message from the booking site, for the operations team.';
}

export function languageName(language: string, readerLanguage: Language): string {
  const names = { en: { en: 'English', fr: 'French' }, fr: { en: 'anglais', fr: 'français' } }[readerLanguage];
  return language === 'en' || language === 'fr' ? names[language] : language;
}

/** The id a row names, or an error: a row that names the wrong kind of record was written by a bug. */
export function idOf<K extends string>(message: ClaimedMessage, key: K): string | number {
  const value = (message.about as Record<string, unknown>)[key];
  if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`a ${message.kind} message names no ${key}`);
  return value;
}
