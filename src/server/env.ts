import * as z from 'zod';

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  STATIC_DIR: z.string().default('dist'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  APP_NOW: z.iso.datetime({ offset: true }).optional(),
  ADMIN_TOKEN: z.string().min(16).optional(),
  BANKING_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}={0,1})$/, 'must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)')
    .optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  ALLOW_TEST_CHECKOUT: z.enum(['true', 'false']).optional(),
  RATE_LIMIT_BROWSE_PER_MINUTE: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_LEASE_PER_MINUTE: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_CHECKOUT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
});
export type Env = z.infer<typeof envSchema>;

/** The only place the server reads process.env. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}
