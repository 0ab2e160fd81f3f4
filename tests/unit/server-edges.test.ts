import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, limitKey } from '../../src/server/http/client-address.ts';
import { missingProductionSettings, readEnv, seedMode } from '../../src/server/env.ts';
import { errorFields, maskPath } from '../../src/server/log.ts';
import { isPlainText } from '../../src/shared/domain/text.ts';

function addressOf(forwarded: string | undefined, trustedProxies: number): Promise<string> {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, trustedProxies)));
  return Promise.resolve(app.request('/', { headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } })).then((r) => r.text());
}

describe('clientAddress: the address the nearest trusted proxy saw', () => {
  it.each([
    [undefined, 0, 'unknown'],
    ['6.6.6.6', 0, 'unknown'],
    ['6.6.6.6, 198.51.100.7', 1, '198.51.100.7'],
    ['198.51.100.7', 1, '198.51.100.7'],
    ['6.6.6.6, 198.51.100.7, 10.0.0.2', 2, '198.51.100.7'],
    ['198.51.100.7', 3, '198.51.100.7'],
    [' 6.6.6.6 ,  203.0.113.9 ', 1, '203.0.113.9'],
    ['6.6.6.6, 203.0.113.9:52114', 1, '203.0.113.9'],
    ['6.6.6.6, [2001:db8::7]:443', 1, '2001:db8::7'],
    ['6.6.6.6, not-an-address', 1, 'unknown'],
  ])('X-Forwarded-For %j behind %i proxies → %s', async (forwarded, hops, expected) => {
    expect(await addressOf(forwarded, hops)).toBe(expected);
  });
});

describe('limitKey: an IPv6 client counts as its /64', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:1:2:3', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s → %s', (address, key) => {
    expect(limitKey(address)).toBe(key);
  });
});

describe('the log keeps secrets and personal data out', () => {
  it('masks token-like path segments and keeps the rest', () => {
    expect(maskPath('/public-api/lease-offers/AbCdEfGhIjKlMnOpQrStUvWx/contract-data')).toBe('/public-api/lease-offers/AbCd…/contract-data');
    expect(maskPath('/public-api/orders/test_cs_0123456789abcdef0123456789abcdef')).toBe('/public-api/orders/test…');
    expect(maskPath('/public-api/offices/available')).toBe('/public-api/offices/available');
    expect(maskPath('/public-api/lease-offers/AbCdEfGhIjKlMnOpQrStUvWx/complete-signing')).toBe('/public-api/lease-offers/AbCd…/complete-signing');
    expect(maskPath('/public-api/stripe/create-checkout-session')).toBe('/public-api/stripe/create-checkout-session');
    expect(maskPath('/public-api/lease-offers/AbCdEfGhIjKlMnOpQrStUvWx .x/contract-data')).toBe('/public-api/lease-offers/AbCd… .x/contract-data');
  });

  it("drops a database error's parameters, detail and quoted values, keeping its code and constraint", () => {
    const err = Object.assign(new Error('invalid input syntax for type integer: "Jeanne Tremblay"'), {
      code: '22P02',
      detail: 'Failing row contains (Jeanne Tremblay, jeanne@example.com)',
      params: ['Jeanne Tremblay', 'jeanne@example.com'],
      constraint: 'waitlist_entries_budget_order',
    });
    const fields = JSON.stringify(errorFields(err));
    expect(fields).not.toContain('Jeanne');
    expect(fields).not.toContain('jeanne@example.com');
    expect(fields).toContain('22P02');
    expect(fields).toContain('waitlist_entries_budget_order');
  });
});

describe('configuration', () => {
  it('production needs its shared secrets and its origins, and seeds nothing by default', () => {
    expect(missingProductionSettings(readEnv({ NODE_ENV: 'production' }))).toEqual(['BANKING_KEYS', 'ADMIN_TOKEN', 'PUBLIC_ORIGIN', 'SMTP_URL']);
    expect(missingProductionSettings(readEnv({ NODE_ENV: 'production', BANKING_KEY: 'x', ADMIN_TOKEN: 'a'.repeat(16), PUBLIC_ORIGIN: 'https://book.example.com', SMTP_URL: 'smtps://mail.example.com' }))).toEqual([]);
    expect(missingProductionSettings(readEnv({}))).toEqual([]);
    expect(seedMode(readEnv({ NODE_ENV: 'production' }))).toBe('none');
    expect(seedMode(readEnv({ NODE_ENV: 'production', SEED: 'demo' }))).toBe('demo');
    expect(seedMode(readEnv({}))).toBe('demo');
  });

  it('reads METRICS_TOKEN: unset (no /metrics), or at least 16 characters', () => {
    expect(readEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(readEnv({ METRICS_TOKEN: 'm'.repeat(16) }).METRICS_TOKEN).toBe('m'.repeat(16));
    expect(() => readEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });

  it('reads TRUST_PROXY as a number of proxies and PUBLIC_ORIGIN as a list of origins', () => {
    expect(readEnv({}).TRUST_PROXY).toBe(0);
    expect(readEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(readEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => readEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(readEnv({ PUBLIC_ORIGIN: 'https://book.example.com, https://cdn.example.net/' }).PUBLIC_ORIGIN).toEqual(['https://book.example.com', 'https://cdn.example.net']);
    expect(() => readEnv({ PUBLIC_ORIGIN: 'https://book.example.com/app' })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => readEnv({ PUBLIC_ORIGIN: 'ftp://book.example.com' })).toThrow(/PUBLIC_ORIGIN/);
  });

  it('reads SMTP_URL as an smtp(s) URL and MAIL_FROM as an address with an optional name', () => {
    expect(readEnv({ SMTP_URL: 'smtp://user:pw@mail.example.com:587' }).SMTP_URL).toBe('smtp://user:pw@mail.example.com:587');
    expect(() => readEnv({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(readEnv({ MAIL_FROM: 'Espace Cowork <bonjour@example.ca>' }).MAIL_FROM).toEqual({ name: 'Espace Cowork', address: 'bonjour@example.ca' });
    expect(readEnv({ MAIL_FROM: 'bonjour@example.ca' }).MAIL_FROM).toEqual({ name: '', address: 'bonjour@example.ca' });
    expect(() => readEnv({ MAIL_FROM: 'Bad\r\nBcc: x@example.com <a@example.ca>' })).toThrow(/MAIL_FROM/);
    expect(() => readEnv({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
  });
});

describe('offer codes', () => {
  it('carry 144 bits in 24 URL-safe characters, and never begin with a dash (a command line would read a flag)', async () => {
    const { generateOfferCode } = await import('../../src/server/lease/lease-offers.ts');
    for (let i = 0; i < 5000; i++) {
      const code = generateOfferCode();
      expect(code).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{23}$/);
    }
  });
});

describe('isPlainText', () => {
  it.each([
    ['Café Lumière « ltée »', true],
    ['Acme 🚀', true],
    ['', true],
    ['a\u0000b', false],
    ['line\nbreak', false],
    ['tab\there', false],
    ['\u001b[31mred', false],
    ['del\u007f', false],
    ['lone \ud800 high', false],
    ['lone \udc00 low', false],
  ])('%j → %s', (text, plain) => {
    expect(isPlainText(text)).toBe(plain);
  });
});
