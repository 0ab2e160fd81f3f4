import { mailRetryResponse, staffMailResponse } from '../../shared/contract/staff-mail.ts';
import type { Command } from './command.ts';
import { limitFlag, readAllPages } from './pages.ts';
import { printList, utcMinute } from './table.ts';

/** `npm run admin -- mail list [--failed] [--limit N] [--json]`: the outbox, newest first. */
const list: Command = async ({ client, flags, json, print }) => {
  const path = flags.failed === true ? '/admin-api/mail?status=failed' : '/admin-api/mail';
  const max = limitFlag(flags);
  const messages = await readAllPages(
    client,
    path,
    (answer) => {
      const { data } = staffMailResponse.parse(answer);
      return { rows: data.messages, next_cursor: data.next_cursor };
    },
    max,
  );
  printList(messages, { json, print }, (m) => ({
    created: utcMinute(m.created_at),
    status: m.status,
    kind: m.kind,
    to: m.recipient,
    lang: m.language,
    tries: m.attempts,
    [m.status === 'sent' ? 'sent' : 'next']: m.status === 'sent' ? utcMinute(m.sent_at) : utcMinute(m.next_attempt_at),
    id: m.id,
    error: m.last_error ?? '',
  }));
};

/** `npm run admin -- mail retry ID`: a failed message is tried again (for another day). */
const retry: Command = async ({ client, args, json, print }) => {
  const [id] = args;
  if (!id) throw new Error('Usage: npm run admin -- mail retry ID (the id from mail list)');
  const { message } = mailRetryResponse.parse(await client.call('POST', `/admin-api/mail/${encodeURIComponent(id)}/retry`));
  print(json ? JSON.stringify(message, null, 2) : `Message ${message.id} (${message.kind} to ${message.recipient}) will be sent again now.`);
};

export const mailCommands: Record<string, Command> = { list, retry };
