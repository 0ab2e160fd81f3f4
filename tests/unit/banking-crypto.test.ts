import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BankingUnreadableError,
  decryptBanking,
  encryptBanking,
  keyringOf,
  loadBankingKeys,
  parseBankingKey,
  parseBankingKeys,
  singleKeyId,
} from '../../src/server/secrets/banking-keys.ts';

const key = Buffer.alloc(32, 1);
const ring = keyringOf([{ id: 'k1', key }]);
const numbers = { transit_number: '12345', institution_number: '003', account_number: '98765432101' };

/** A ciphertext as the server wrote it before key ids (v1): AES-256-GCM under the one key there was. */
function v1Ciphertext(k: Buffer, offerId: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', k, iv);
  cipher.setAAD(Buffer.from(`lease-offer:${offerId}`));
  const body = Buffer.concat([cipher.update(JSON.stringify({ t: '12345', i: '003', a: '98765432101' })), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

describe('banking encryption at rest (AES-256-GCM)', () => {
  it('round-trips, with a fresh IV each time, the key id in clear and nothing readable in the ciphertext', () => {
    const a = encryptBanking(ring, numbers, 7);
    const b = encryptBanking(ring, numbers, 7);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v2:k1:[A-Za-z0-9+/]+=*$/);
    expect(a).not.toContain('98765432101');
    expect(decryptBanking(ring, a, 7)).toEqual(numbers);
  });

  it.each([
    ['another key under the same id', (c: string) => decryptBanking(keyringOf([{ id: 'k1', key: Buffer.alloc(32, 2) }]), c, 7)],
    ['a ring without its key id', (c: string) => decryptBanking(keyringOf([{ id: 'k2', key }]), c, 7)],
    ['another offer', (c: string) => decryptBanking(ring, c, 8)],
    ['a flipped byte', (c: string) => {
      const [, id, payload] = c.split(':');
      const raw = Buffer.from(payload!, 'base64');
      raw[raw.length - 1]! ^= 1;
      return decryptBanking(ring, `v2:${id}:${raw.toString('base64')}`, 7);
    }],
    ['an unknown format', () => decryptBanking(ring, 'v0:abc', 7)],
  ])('refuses to decrypt with %s, as BankingUnreadableError', (_label, attempt) => {
    expect(() => attempt(encryptBanking(ring, numbers, 7))).toThrow(BankingUnreadableError);
  });

  it('rotates: the first key encrypts, every listed key still decrypts what it wrote, and v1 ciphertexts still read', () => {
    const oldKey = Buffer.alloc(32, 3);
    const newKey = Buffer.alloc(32, 4);
    const before = keyringOf([{ id: 'old', key: oldKey }]);
    const written = encryptBanking(before, numbers, 9);
    const legacy = v1Ciphertext(oldKey, 9);
    const after = parseBankingKeys(`new:${newKey.toString('base64')}, old:${oldKey.toString('base64')}`);
    expect(after.current.id).toBe('new');
    expect(encryptBanking(after, numbers, 9)).toMatch(/^v2:new:/);
    expect(decryptBanking(after, written, 9)).toEqual(numbers);
    expect(decryptBanking(after, legacy, 9)).toEqual(numbers);
    // Once the old key is dropped, its ciphertexts are unreadable, and the error says which key is missing.
    expect(() => decryptBanking(keyringOf([{ id: 'new', key: newKey }]), written, 9)).toThrow(/no banking key 'old'/);
  });

  it.each([
    ['64 hex digits', 'ab'.repeat(32), true],
    ['base64 of 32 bytes', Buffer.alloc(32, 9).toString('base64'), true],
    ['base64url of 32 bytes', Buffer.alloc(32, 250).toString('base64url'), true],
    ['16 bytes', Buffer.alloc(16).toString('base64'), false],
    ['text', 'not a key', false],
  ])('parses a key given as %s: %s', (_label, text, ok) => {
    if (ok) expect(parseBankingKey(text)).toHaveLength(32);
    else expect(() => parseBankingKey(text)).toThrow(/32 bytes/);
  });

  it.each([
    ['no id', Buffer.alloc(32, 1).toString('base64'), /id:key/],
    ['a short key', `a:${Buffer.alloc(16).toString('base64')}`, /key 'a'.*32 bytes/],
    ['the same id twice', `a:${'ab'.repeat(32)},a:${'cd'.repeat(32)}`, /listed twice/],
    ['a bad id', `a b:${'ab'.repeat(32)}`, /key id/],
    ['nothing', ' , ', /no key/],
  ])('refuses BANKING_KEYS with %s, without repeating any key', (_label, text, message) => {
    let error: Error | undefined;
    try {
      parseBankingKeys(text);
    } catch (err) {
      error = err as Error;
    }
    expect(error?.message).toMatch(message);
    expect(error?.message).not.toContain('ab'.repeat(32));
  });

  it('generates a key file once in the data folder, readable only by its owner, and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'banking-key-'));
    const first = loadBankingKeys({}, dir);
    expect(first.generatedAt).toBe(join(dir, 'banking-key'));
    expect(statSync(join(dir, 'banking-key')).mode & 0o777).toBe(0o600);
    const second = loadBankingKeys({}, dir);
    expect(second.generatedAt).toBeUndefined();
    expect(second.keyring.current.key.equals(first.keyring.current.key)).toBe(true);
    expect(second.keyring.current.id).toBe(singleKeyId);
    expect(parseBankingKey(readFileSync(join(dir, 'banking-key'), 'utf8')).equals(first.keyring.current.key)).toBe(true);
    expect(loadBankingKeys({ key: 'cd'.repeat(32) }, dir).keyring.current.key.equals(Buffer.from('cd'.repeat(32), 'hex'))).toBe(true);
    expect(loadBankingKeys({ keys: `r2:${'ef'.repeat(32)}`, key: 'cd'.repeat(32) }, dir).keyring.current.id).toBe('r2');
  });
});
