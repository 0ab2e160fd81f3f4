import * as z from 'zod/mini';
import { staffAccount, staffPasswordRules } from '../../shared/contract/staff.ts';
import type { Command } from './command.ts';
import { printTable } from './table.ts';

const added = z.object({
  account: staffAccount,
  set_password_url: z.nullable(z.string()),
  set_password_hours: z.nullable(z.number()),
});

/**
 * `npm run admin -- staff add --email E [--name N] [--link]`: at a terminal it asks for the
 * password (twice, not echoed); otherwise, or with --link, the account gets a one-time
 * set-password link to send to the person.
 */
const add: Command = async ({ client, flags, json, print, ask }) => {
  const email = typeof flags.email === 'string' ? flags.email : undefined;
  if (!email) throw new Error('Usage: npm run admin -- staff add --email E [--name N] [--link]');
  const name = typeof flags.name === 'string' ? flags.name : undefined;
  let password: string | undefined;
  if (ask && flags.link !== true) {
    password = await ask(`Password for ${email} (at least ${staffPasswordRules.min} characters): `);
    if ((await ask('The same password again: ')) !== password) throw new Error('The two passwords differ; nothing was created.');
  }
  const answer = added.parse(await client.call('POST', '/admin-api/staff', { email, name, ...(password === undefined ? {} : { password }) }));
  if (json) return print(JSON.stringify(answer, null, 2));
  print(`Staff account ${answer.account.email} created.`);
  if (answer.set_password_url) {
    print(`Send this link to the person; it sets their password once, within ${answer.set_password_hours} hours:`);
    print(answer.set_password_url);
  }
};

/** `npm run admin -- staff list [--json]` */
const list: Command = async ({ client, json, print }) => {
  const { accounts } = z.object({ accounts: z.array(staffAccount) }).parse(await client.call('GET', '/admin-api/staff'));
  if (json) return print(JSON.stringify(accounts, null, 2));
  printTable(
    accounts.map((a) => ({
      email: a.email,
      name: a.name ?? '',
      state: a.disabled ? 'disabled' : a.has_password ? 'active' : 'waiting for its set-password link',
      created: a.created_at.slice(0, 10),
      id: a.id,
    })),
    print,
  );
};

/** `npm run admin -- staff disable EMAIL_OR_ID`: the account can no longer sign in, and its sessions end now. */
const disable: Command = async ({ client, args, print }) => {
  const [who] = args;
  if (!who) throw new Error('Usage: npm run admin -- staff disable EMAIL_OR_ID');
  const { account } = z.object({ account: staffAccount }).parse(await client.call('POST', `/admin-api/staff/${encodeURIComponent(who)}/disable`));
  print(`Staff account ${account.email} disabled; its sessions are ended.`);
};

/**
 * `npm run admin -- staff reset EMAIL_OR_ID`: a new one-time set-password link (for a forgotten
 * password), replacing any earlier one. The password keeps working until the link is used.
 */
const reset: Command = async ({ client, args, json, print }) => {
  const [who] = args;
  if (!who) throw new Error('Usage: npm run admin -- staff reset EMAIL_OR_ID');
  const answer = added.parse(await client.call('POST', `/admin-api/staff/${encodeURIComponent(who)}/reset`));
  if (json) return print(JSON.stringify(answer, null, 2));
  print(`A new set-password link for ${answer.account.email}; any earlier link no longer works, and the current password works until this one is used.`);
  print(`Send it to the person; it sets their password once, within ${answer.set_password_hours} hours:`);
  print(answer.set_password_url ?? '');
};

export const staffCommands: Record<string, Command> = { add, list, disable, reset };
