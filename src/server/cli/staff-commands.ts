import * as z from 'zod/mini';
import { staffAccount, staffPasswordRules, staffRoles, type StaffRole } from '../../shared/contract/staff.ts';
import type { Command } from './command.ts';
import { printTable } from './table.ts';

const added = z.object({
  account: staffAccount,
  set_password_url: z.nullable(z.string()),
  set_password_hours: z.nullable(z.number()),
});

const roleUsage = `--role ${staffRoles.join('|')}`;

/** The --role flag: absent (undefined), or one of the roles. */
function roleFlag(flags: Record<string, string | boolean | undefined>, usage: string): StaffRole | undefined {
  if (flags.role === undefined) return undefined;
  const role = staffRoles.find((r) => r === flags.role);
  if (!role) throw new Error(usage);
  return role;
}

/**
 * `npm run admin -- staff add --email E [--name N] [--role manager|staff] [--link]`: at a
 * terminal it asks for the password (twice, not echoed); otherwise, or with --link, the account
 * gets a one-time set-password link to send to the person. An account is staff unless --role
 * manager says otherwise (only a manager, or the admin token, may give it).
 */
const add: Command = async ({ client, flags, json, print, ask }) => {
  const usage = `Usage: npm run admin -- staff add --email E [--name N] [${roleUsage}] [--link]`;
  const email = typeof flags.email === 'string' ? flags.email : undefined;
  if (!email) throw new Error(usage);
  const role = roleFlag(flags, usage);
  const name = typeof flags.name === 'string' ? flags.name : undefined;
  let password: string | undefined;
  if (ask && flags.link !== true) {
    password = await ask(`Password for ${email} (at least ${staffPasswordRules.min} characters): `);
    if ((await ask('The same password again: ')) !== password) throw new Error('The two passwords differ; nothing was created.');
  }
  const answer = added.parse(await client.call('POST', '/admin-api/staff', { email, name, ...(role ? { role } : {}), ...(password === undefined ? {} : { password }) }));
  if (json) return print(JSON.stringify(answer, null, 2));
  print(`Staff account ${answer.account.email} created, as ${answer.account.role}.`);
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
      role: a.role,
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

/** `npm run admin -- staff role EMAIL_OR_ID --role manager|staff`: managers alone make PAD files and see deposits. */
const role: Command = async ({ client, args, flags, print }) => {
  const usage = `Usage: npm run admin -- staff role EMAIL_OR_ID ${roleUsage}`;
  const [who] = args;
  const wanted = roleFlag(flags, usage);
  if (!who || !wanted) throw new Error(usage);
  const { account } = z.object({ account: staffAccount }).parse(await client.call('POST', `/admin-api/staff/${encodeURIComponent(who)}/role`, { role: wanted }));
  print(`Staff account ${account.email} is now a ${account.role}.`);
};

export const staffCommands: Record<string, Command> = { add, list, disable, reset, role };
