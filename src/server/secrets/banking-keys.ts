import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { maskAccountNumber, type BankingNumbers } from '../../shared/domain/banking.ts';

const keyBytes = 32;
const ivBytes = 12;
const tagBytes = 16;

/**
 * The keys that encrypt banking numbers at rest. The first encrypts new data; every key
 * decrypts what it encrypted, so a key can be rotated by putting the new one first and keeping
 * the old one listed until no offer needs it.
 */
export interface BankingKeyring {
  current: { id: string; key: Buffer };
  byId: ReadonlyMap<string, Buffer>;
}

/** The id a single key (BANKING_KEY, or the generated key file) goes by. */
export const singleKeyId = 'default';
const keyIdPattern = /^[A-Za-z0-9_-]{1,32}$/;

/** A 32-byte key written as 64 hex digits or as base64 / base64url. */
export function parseBankingKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== keyBytes) {
    throw new Error('a banking key must be 32 bytes, written as 64 hex digits or in base64 (e.g. `openssl rand -base64 32`)');
  }
  return key;
}

export function keyringOf(keys: readonly { id: string; key: Buffer }[]): BankingKeyring {
  const [current] = keys;
  if (!current) throw new Error('BANKING_KEYS lists no key');
  const byId = new Map<string, Buffer>();
  for (const { id, key } of keys) {
    if (!keyIdPattern.test(id)) throw new Error(`BANKING_KEYS: key id '${id}' must be 1 to 32 letters, digits, '-' or '_'`);
    if (byId.has(id)) throw new Error(`BANKING_KEYS: key id '${id}' is listed twice`);
    byId.set(id, key);
  }
  return { current, byId };
}

/** BANKING_KEYS: `id:key,id:key`, the first encrypting new data. Errors never repeat a key. */
export function parseBankingKeys(text: string): BankingKeyring {
  return keyringOf(
    text
      .split(',')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf(':');
        if (at < 1) throw new Error('BANKING_KEYS must be a comma-separated list of id:key pairs');
        const id = pair.slice(0, at);
        try {
          return { id, key: parseBankingKey(pair.slice(at + 1)) };
        } catch (err) {
          throw new Error(`BANKING_KEYS: key '${id}': ${(err as Error).message}`);
        }
      }),
  );
}

/**
 * BANKING_KEYS, else BANKING_KEY, else (outside production) a key generated once into the data
 * folder, kept beside the PGlite data.
 */
export function loadBankingKeys(env: { keys?: string; key?: string }, dataDir: string): { keyring: BankingKeyring; generatedAt?: string } {
  if (env.keys) return { keyring: parseBankingKeys(env.keys) };
  if (env.key) return { keyring: keyringOf([{ id: singleKeyId, key: parseBankingKey(env.key) }]) };
  const file = join(dataDir, 'banking-key');
  if (existsSync(file)) return { keyring: keyringOf([{ id: singleKeyId, key: parseBankingKey(readFileSync(file, 'utf8')) }]) };
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(keyBytes);
  writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600 });
  return { keyring: keyringOf([{ id: singleKeyId, key }]), generatedAt: file };
}

/** Banking numbers this server holds no key for, or whose ciphertext is damaged. */
export class BankingUnreadableError extends Error {
  override name = 'BankingUnreadableError';
}

/**
 * AES-256-GCM with a fresh IV per message, written as `v2:{key id}:{base64}`. The offer id is
 * bound in as associated data, so a ciphertext copied onto another offer's row does not decrypt.
 */
export function encryptBanking(keyring: BankingKeyring, numbers: BankingNumbers, offerId: number): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, iv);
  cipher.setAAD(Buffer.from(`lease-offer:${offerId}`));
  const plain = Buffer.from(
    JSON.stringify({ t: numbers.transit_number, i: numbers.institution_number, a: numbers.account_number }),
  );
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return `v2:${keyring.current.id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

function decryptWith(key: Buffer, payload: string, offerId: number): BankingNumbers {
  const raw = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, ivBytes));
  decipher.setAAD(Buffer.from(`lease-offer:${offerId}`));
  decipher.setAuthTag(raw.subarray(ivBytes, ivBytes + tagBytes));
  const plain = Buffer.concat([decipher.update(raw.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8');
  const parsed = JSON.parse(plain) as { t: string; i: string; a: string };
  return { transit_number: parsed.t, institution_number: parsed.i, account_number: parsed.a };
}

/** Throws BankingUnreadableError when no key of the ring opens it. */
export function decryptBanking(keyring: BankingKeyring, stored: string, offerId: number): BankingNumbers {
  const parts = stored.split(':');
  // v1, written before key ids, was encrypted with the one key there was: any listed key may be it.
  const candidates =
    parts[0] === 'v2' && parts.length === 3 ? [keyring.byId.get(parts[1]!)] : parts[0] === 'v1' && parts.length === 2 ? [...keyring.byId.values()] : [];
  const payload = parts.at(-1) ?? '';
  for (const key of candidates) {
    if (!key) continue;
    try {
      return decryptWith(key, payload, offerId);
    } catch {
      // The next key, if any.
    }
  }
  throw new BankingUnreadableError(
    parts[0] === 'v2' && !keyring.byId.has(parts[1] ?? '') ? `no banking key '${parts[1] ?? ''}' is configured` : 'the banking numbers cannot be decrypted with the configured keys',
  );
}

/** A signed offer's banking numbers as answers and the PDF show them: the account number masked. */
export function maskedBankingOf(keyring: BankingKeyring, offer: { id: number; signature: { banking_encrypted: string } | null }): BankingNumbers | null {
  if (!offer.signature) return null;
  const banking = decryptBanking(keyring, offer.signature.banking_encrypted, offer.id);
  return { ...banking, account_number: maskAccountNumber(banking.account_number) };
}
