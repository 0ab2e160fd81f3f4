import { messageKinds, type MessageData, type MessageKind } from '../outbox/outbox.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import type { Language } from './catalogue.ts';
import type { Block, Letter } from './layout.ts';
import { shared } from './shared-words.ts';

/** What a template knows besides its message: where the site is, and the time. */
export interface TemplateContext {
  /** The site's public origin, without a trailing slash: every link starts with it. */
  siteOrigin: string;
  clock: () => Date;
}

/** A message as its template reads it: the row's recipient and language, what it says, and the secret it carries, opened. */
export interface Rendering<K extends MessageKind> {
  id: string;
  kind: K;
  recipient: string;
  language: Language;
  data: MessageData[K];
  /** A link's token (or the links'), when the row carries one. */
  secret: string | null;
}

/** A message as a template writes it; render.ts turns it into the mail (headers, both parts). */
export interface Draft {
  /** The reader's name, for the To header's display name, when the message knows it. */
  toName: string | null;
  subject: string;
  letter: Letter;
  attachments: OutgoingMail['attachments'];
  /** For staff: the customer's address, so that a reply reaches them. */
  replyTo?: string;
}

/** Writes a message from what it says; 'gone' when what it offers has ended since it was written. */
export type Template<K extends MessageKind> = (ctx: TemplateContext, message: Rendering<K>) => Draft | 'gone' | Promise<Draft | 'gone'>;

/** The kinds written for staff (site.operations), named staff_…; every other kind is for the person it is about. */
export const staffKinds: ReadonlySet<MessageKind> = new Set(messageKinds.filter((kind) => kind.startsWith('staff_')));

/**
 * A message about someone goes only to that someone: the row's recipient must be the address
 * its data holds, or the message is not written at all (it fails, for staff to look at).
 */
export function assertRecipient(message: { kind: MessageKind; recipient: string }, address: string | null): void {
  if (staffKinds.has(message.kind)) return;
  if (!address || address.trim().toLowerCase() !== message.recipient.trim().toLowerCase()) {
    throw new Error(`the recipient of ${message.kind} is not the address of the person it is about`);
  }
}

/** An address fit for a Reply-To header as it stands (the checkout and the forms validate them; this checks again). */
function plainAddress(address: string | null | undefined): string | undefined {
  return address && /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/.test(address) ? address : undefined;
}

/** A message for the operations team: no greeting, why they get it at the bottom, and a reply that reaches the customer. */
export function staffDraft(language: Language, customerAddress: string | null, parts: { subject: string; title: string; blocks: Block[] }): Draft {
  const replyTo = plainAddress(customerAddress);
  return {
    toName: null,
    subject: parts.subject,
    letter: { language, title: parts.title, blocks: parts.blocks, reason: shared[language].staffReason },
    attachments: [],
    ...(replyTo ? { replyTo } : {}),
  };
}
