import * as z from 'zod';
import { defaultMaxUnpaidHolds, defaultRateLimits, type PadOriginator } from './deps.ts';

const perMinute = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  STATIC_DIR: z.string().default('dist'),
  /** Unset: demo outside production, none in production (see seedMode). */
  SEED: z.enum(['demo', 'none']).optional(),
  /** How many units the demo seed lists in all: the demo's 25, or more generated across the table categories (benchmarks, tests at size). */
  SEED_UNITS: z.coerce.number().int().min(25).max(20000).default(25),
  APP_NOW: z.iso.datetime({ offset: true }).optional(),
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  BANKING_KEYS: z.string().min(1).optional(),
  BANKING_KEY: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  ALLOW_TEST_CHECKOUT: z.enum(['true', 'false']).optional(),
  /** smtp://user:pass@host:587 or smtps://…:465; unset: each message is written as an .eml file into MAIL_DIR. */
  SMTP_URL: z
    .string()
    .optional()
    .refine((text) => text === undefined || (URL.canParse(text) && /^smtps?:$/.test(new URL(text).protocol)), 'must be an smtp:// or smtps:// URL'),
  /** Where .eml files go without SMTP_URL (default: DATA_DIR/mail). */
  MAIL_DIR: z.string().optional(),
  /** The sender of every message: an address, or 'Name <address>' (default: the site's name and e-mail). */
  MAIL_FROM: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const match = /^\s*(?:"?([^"<>\r\n]*?)"?\s*<([^<>\s]+@[^<>\s]+)>|([^<>\s]+@[^<>\s]+))\s*$/.exec(text);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: "must be an e-mail address or 'Name <address>'" });
        return z.NEVER;
      }
      return { name: match[1]?.trim() ?? '', address: (match[2] ?? match[3])! };
    }),
  /** The site's public origins, comma-separated (redirects after checkout, e-mail links, the staff Origin check). */
  PUBLIC_ORIGIN: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text?.trim()) return [];
      const origins: string[] = [];
      for (const item of text.split(',').map((s) => s.trim()).filter(Boolean)) {
        const url = URL.canParse(item) ? new URL(item) : null;
        if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
          ctx.addIssue({ code: 'custom', message: `'${item}' is not an origin such as https://book.example.com` });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    }),
  RATE_LIMIT_BROWSE_PER_MINUTE: perMinute(defaultRateLimits.browse.max),
  RATE_LIMIT_LEASE_PER_MINUTE: perMinute(defaultRateLimits.leaseGuess.max),
  RATE_LIMIT_OFFER_PER_MINUTE: perMinute(defaultRateLimits.offer.max),
  RATE_LIMIT_CHECKOUT_PER_MINUTE: perMinute(defaultRateLimits.checkout.max),
  /** How long a stopping instance (SIGTERM) gives its requests and background work to finish before it exits anyway. */
  DRAIN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
  MAX_UNPAID_HOLDS_PER_CLIENT: z.coerce.number().int().min(1).default(defaultMaxUnpaidHolds),
  /** The space's originator id at its bank (CPA-005 field, up to 10 characters). */
  PAD_ORIGINATOR_ID: z.string().regex(/^[A-Za-z0-9]{1,10}$/, 'must be 1 to 10 letters or digits, as the bank gave it').optional(),
  PAD_ORIGINATOR_SHORT_NAME: z.string().regex(/^[ -~]{1,15}$/, 'must be 1 to 15 plain characters (no accents)').optional(),
  PAD_ORIGINATOR_LONG_NAME: z.string().regex(/^[ -~]{1,30}$/, 'must be 1 to 30 plain characters (no accents)').optional(),
  PAD_DATA_CENTRE: z.string().regex(/^\d{5}$/, 'must be the 5 digits of the bank’s data centre').optional(),
  /** Where returned debits go: institution-transit-account, as 003-12345-1234567. */
  PAD_RETURN_ACCOUNT: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const match = /^(\d{3})-(\d{5})-(\d{7,12})$/.exec(text.trim());
      if (!match) {
        ctx.addIssue({ code: 'custom', message: 'must be institution-transit-account, as 003-12345-1234567' });
        return z.NEVER;
      }
      return { institution: match[1]!, transit: match[2]!, account: match[3]! };
    }),
  /** How many proxies stand in front of the server: the client is that many X-Forwarded-For entries from the right. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((text, ctx) => {
      if (text === 'false') return 0;
      if (text === 'true') return 1;
      if (/^\d{1,2}$/.test(text)) return Number(text);
      ctx.addIssue({ code: 'custom', message: 'must be false, true (one proxy) or a number of proxies' });
      return z.NEVER;
    }),
});
export type Env = z.infer<typeof envSchema>;

/** The only place the server reads process.env. Messages name variables, never their values. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // A variable set to nothing (VAR= in a deployment file) is a variable not set.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${lines}`);
  }
  return parsed.data;
}

/** The settings of a demo that make a PAD file no bank would take (plainly fake numbers). */
const demoPadOriginator: PadOriginator = {
  id: 'DEMO000000',
  shortName: 'COWORK MTL DEMO',
  longName: 'ESPACE COWORK MONTREAL DEMO',
  dataCentre: '00000',
  returnAccount: { institution: '000', transit: '00000', account: '0000000' },
};

/**
 * Who the PAD files name as their originator: the PAD_* settings, all of them or none. Outside
 * production, none gives the demo's plainly fake ones; in production, none gives null, and no
 * file is made until they are set.
 */
export function padOriginatorOf(env: Env): PadOriginator | null {
  const given = [env.PAD_ORIGINATOR_ID, env.PAD_ORIGINATOR_SHORT_NAME, env.PAD_ORIGINATOR_LONG_NAME, env.PAD_DATA_CENTRE, env.PAD_RETURN_ACCOUNT];
  if (given.every((v) => v === undefined)) return isProduction(env) ? null : demoPadOriginator;
  if (given.some((v) => v === undefined)) {
    throw new Error('Invalid configuration: PAD_ORIGINATOR_ID, PAD_ORIGINATOR_SHORT_NAME, PAD_ORIGINATOR_LONG_NAME, PAD_DATA_CENTRE and PAD_RETURN_ACCOUNT go together: set all of them, or none');
  }
  return {
    id: env.PAD_ORIGINATOR_ID!,
    shortName: env.PAD_ORIGINATOR_SHORT_NAME!,
    longName: env.PAD_ORIGINATOR_LONG_NAME!,
    dataCentre: env.PAD_DATA_CENTRE!,
    returnAccount: env.PAD_RETURN_ACCOUNT!,
  };
}

export function isProduction(env: Env): boolean {
  return env.NODE_ENV === 'production';
}

/** Two instances starting on one empty database must not both seed it: production never seeds unless told. */
export function seedMode(env: Env): 'demo' | 'none' {
  return env.SEED ?? (isProduction(env) ? 'none' : 'demo');
}

/**
 * What production must be told rather than generate or guess: every instance needs the same
 * secrets, and the site's origins cannot come from a request, whose Host header its sender writes.
 */
export function missingProductionSettings(env: Env): string[] {
  if (!isProduction(env)) return [];
  const missing: string[] = [];
  if (!env.BANKING_KEYS && !env.BANKING_KEY) missing.push('BANKING_KEYS');
  if (!env.ADMIN_TOKEN) missing.push('ADMIN_TOKEN');
  if (env.PUBLIC_ORIGIN.length === 0) missing.push('PUBLIC_ORIGIN');
  // Files on one instance's disk reach nobody: production sends through a mail server.
  if (!env.SMTP_URL) missing.push('SMTP_URL');
  return missing;
}
