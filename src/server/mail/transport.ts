import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** A message ready to go: rendered from the outbox row and the records it names. */
export interface OutgoingMail {
  /** `<{outbox id}@{domain}>`: the same for every attempt, so a resend is recognisably the same message. */
  messageId: string;
  from: { name: string; address: string };
  to: { name?: string; address: string };
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; content: Buffer | string; contentType: string }[];
}

export interface MailTransport {
  /** Where mail goes, for the start-up lines ('SMTP smtp.example.com:587', 'files in data/mail'). */
  readonly description: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

function nodemailerMessage(mail: OutgoingMail) {
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to.name ? { name: mail.to.name, address: mail.to.address } : mail.to.address,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments,
    // A resend carries the same Message-ID; nothing else identifies a retry to the receiving side.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/** SMTP through nodemailer (SMTP_URL); short timeouts, so a stuck server never outlives the worker's claim. */
export function smtpTransport(url: string): MailTransport {
  const target = new URL(url);
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 });
  return {
    description: `SMTP ${target.hostname}:${target.port || (target.protocol === 'smtps:' ? '465' : '587')}`,
    async send(mail) {
      await transporter.sendMail(nodemailerMessage(mail));
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Without SMTP_URL: each message is written as a real .eml file (any mail client opens it),
 * named by its outbox id, so a resend after a crash rewrites the same file.
 */
export function emlFileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    description: `.eml files in ${dir}`,
    async send(mail) {
      const info = await transporter.sendMail(nodemailerMessage(mail));
      mkdirSync(dir, { recursive: true });
      const name = mail.messageId.replace(/^<|@.*$/g, '');
      const path = join(dir, `${name}.eml`);
      // Written whole, then renamed: a reader never finds half a message.
      writeFileSync(`${path}.part`, info.message as Buffer);
      renameSync(`${path}.part`, path);
    },
    close() {
      transporter.close();
    },
  };
}
