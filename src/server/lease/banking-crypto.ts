import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BankingNumbers } from '../../shared/domain/banking.ts';

const keyBytes = 32;
const ivBytes = 12;
const tagBytes = 16;
const version = 'v1';

/** A 32-byte key written as 64 hex digits or as base64 / base64url. */
export function parseBankingKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== keyBytes) {
    throw new Error('BANKING_KEY must be 32 bytes, written as 64 hex digits or in base64 (e.g. `openssl rand -base64 32`)');
  }
  return key;
}

/** BANKING_KEY, else a key generated once into the data folder (kept beside the PGlite data). */
export function loadBankingKey(fromEnv: string | undefined, dataDir: string): { key: Buffer; generatedAt?: string } {
  if (fromEnv) return { key: parseBankingKey(fromEnv) };
  const file = join(dataDir, 'banking-key');
  if (existsSync(file)) return { key: parseBankingKey(readFileSync(file, 'utf8')) };
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(keyBytes);
  writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600 });
  return { key, generatedAt: file };
}

/**
 * AES-256-GCM with a fresh IV per message. The offer id is bound in as associated data, so a
 * ciphertext copied onto another offer's row does not decrypt.
 */
export function encryptBanking(key: Buffer, numbers: BankingNumbers, offerId: number): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`lease-offer:${offerId}`));
  const plain = Buffer.from(
    JSON.stringify({ t: numbers.transit_number, i: numbers.institution_number, a: numbers.account_number }),
  );
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return `${version}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function decryptBanking(key: Buffer, stored: string, offerId: number): BankingNumbers {
  const [v, payload] = stored.split(':');
  if (v !== version || !payload) throw new Error('unknown banking ciphertext format');
  const raw = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, ivBytes));
  decipher.setAAD(Buffer.from(`lease-offer:${offerId}`));
  decipher.setAuthTag(raw.subarray(ivBytes, ivBytes + tagBytes));
  const plain = Buffer.concat([decipher.update(raw.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8');
  const parsed = JSON.parse(plain) as { t: string; i: string; a: string };
  return { transit_number: parsed.t, institution_number: parsed.i, account_number: parsed.a };
}
