import * as z from 'zod';
import type { Command } from './command.ts';
import { printList } from './table.ts';

/** The fields of POST /admin-api/lease-offers, each a flag of `offer create`. */
const offerFields = [
  'email',
  'company_name',
  'contact_name',
  'office_ids',
  'start_date',
  'monthly_rate',
  'monthly_discount',
  'signup_discount',
  'lease_term_months',
  'move_in_fee_type',
  'move_in_fee_amount',
  'expires_at',
  'language',
] as const;

const createAnswer = z.object({ code: z.string(), url: z.string(), emailed: z.boolean() });
const listAnswer = z.object({
  offers: z.array(
    z.object({
      id: z.number(),
      email: z.string(),
      company_name: z.string().nullable(),
      status: z.string(),
      start_date: z.string(),
      monthly_rate: z.number(),
      offices: z.array(z.string()),
      expires_at: z.string(),
      signed_at: z.string().nullable(),
    }),
  ),
});

/** A flag by its field name, written --company_name or --company-name. */
function flag(flags: Record<string, string | boolean | undefined>, field: string): string | undefined {
  const value = flags[field] ?? flags[field.replaceAll('_', '-')];
  return typeof value === 'string' ? value : undefined;
}

/**
 * `offer create --email … --office_ids OFF-101,PRK-01 --start_date 2027-01-01 [--monthly_rate …]
 * [--monthly_discount …] [--signup_discount …] [--lease_term_months 12] [--move_in_fee_type
 * monthly_rate|fixed_amount|none] [--move_in_fee_amount …] [--company_name …] [--contact_name …]
 * [--expires_at YYYY-MM-DD] [--language en|fr] [--no-email]`. The server validates; amounts go as
 * typed. The tenant is e-mailed the link unless --no-email.
 */
const create: Command = async ({ client, flags, json, print }) => {
  const body: Record<string, unknown> = {};
  for (const field of offerFields) {
    const value = flag(flags, field);
    if (value === undefined) continue;
    body[field] =
      field === 'office_ids'
        ? value
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean)
            .map((id) => (/^\d+$/.test(id) ? Number(id) : id))
        : value;
  }
  if (flags['no-email'] === true) body.send_email = false;
  const answer = createAnswer.parse(await client.call('POST', '/admin-api/lease-offers', body));
  if (json) {
    print(JSON.stringify(answer, null, 2));
    return;
  }
  print(
    answer.emailed
      ? `Lease offer created and e-mailed to the tenant. The link (shown only now):`
      : `Lease offer created. Send this link to the tenant (it is shown only now):`,
  );
  print(answer.url);
  print(`Code: ${answer.code}`);
};

/** `offer list [--json]`: every offer with its status, newest first. */
const list: Command = async ({ client, json, print }) => {
  const { offers } = listAnswer.parse(await client.call('GET', '/admin-api/lease-offers'));
  printList(offers, { json, print }, (o) => ({
    id: o.id,
    status: o.status,
    email: o.email,
    company: o.company_name,
    start: o.start_date,
    monthly: o.monthly_rate.toFixed(2),
    offices: o.offices.join(', '),
    expires: o.expires_at.slice(0, 10),
    signed: o.signed_at?.slice(0, 10) ?? '',
  }));
};

/** `offer expire CODE`: closes an unsigned offer; its link then answers 'Offer Expired'. */
const expire: Command = async ({ client, args, print }) => {
  const code = args[0];
  if (!code) throw new Error('Usage: npm run admin -- offer expire CODE');
  await client.call('POST', `/admin-api/lease-offers/${encodeURIComponent(code)}/expire`);
  print('Lease offer expired.');
};

export const offerCommands: Record<string, Command> = { create, list, expire };
