import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptBanking, encryptBanking, loadBankingKey, parseBankingKey } from '../../src/server/lease/banking-crypto.ts';

const key = Buffer.alloc(32, 1);
const numbers = { transit_number: '12345', institution_number: '003', account_number: '98765432101' };

describe('banking encryption at rest (AES-256-GCM)', () => {
  it('round-trips, with a fresh IV each time and nothing readable in the ciphertext', () => {
    const a = encryptBanking(key, numbers, 7);
    const b = encryptBanking(key, numbers, 7);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(a).not.toContain('98765432101');
    expect(decryptBanking(key, a, 7)).toEqual(numbers);
  });

  it.each([
    ['another key', (c: string) => decryptBanking(Buffer.alloc(32, 2), c, 7)],
    ['another offer', (c: string) => decryptBanking(key, c, 8)],
    ['a flipped byte', (c: string) => {
      const raw = Buffer.from(c.slice(3), 'base64');
      raw[raw.length - 1]! ^= 1;
      return decryptBanking(key, `v1:${raw.toString('base64')}`, 7);
    }],
    ['an unknown format', () => decryptBanking(key, 'v0:abc', 7)],
  ])('refuses to decrypt with %s', (_label, attempt) => {
    expect(() => attempt(encryptBanking(key, numbers, 7))).toThrow();
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

  it('generates a key file once in the data folder, readable only by its owner, and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'banking-key-'));
    const first = loadBankingKey(undefined, dir);
    expect(first.generatedAt).toBe(join(dir, 'banking-key'));
    expect(statSync(join(dir, 'banking-key')).mode & 0o777).toBe(0o600);
    const second = loadBankingKey(undefined, dir);
    expect(second.generatedAt).toBeUndefined();
    expect(second.key.equals(first.key)).toBe(true);
    expect(parseBankingKey(readFileSync(join(dir, 'banking-key'), 'utf8')).equals(first.key)).toBe(true);
    expect(loadBankingKey('cd'.repeat(32), dir).key.equals(Buffer.from('cd'.repeat(32), 'hex'))).toBe(true);
  });
});
