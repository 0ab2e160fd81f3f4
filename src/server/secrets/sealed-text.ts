import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { BankingKeyring } from './banking-keys.ts';

/*
 * A secret the server must be able to show again (a lease offer's link until its invitation is
 * sent, a booking's manage link), kept AES-256-GCM-encrypted under the server's current key and
 * bound to what it belongs to (`context`), so a sealed value copied onto another record does not
 * open. Every key of the keyring still opens what it sealed: rotating keys loses nothing.
 */

const ivBytes = 12;
const tagBytes = 16;

/** 'keyId:base64(iv · tag · ciphertext)'. */
export function sealText(keyring: BankingKeyring, text: string, context: string): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${keyring.current.id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The sealed text, or null when no configured key opens it (or it was sealed for another context). */
export function openText(keyring: BankingKeyring, sealed: string, context: string): string | null {
  const at = sealed.lastIndexOf(':');
  const key = keyring.byId.get(sealed.slice(0, at));
  if (!key) return null;
  try {
    const raw = Buffer.from(sealed.slice(at + 1), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, ivBytes));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(ivBytes, ivBytes + tagBytes));
    return Buffer.concat([decipher.update(raw.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
