import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Staff passwords: scrypt (Node's, OpenSSL's implementation) with OWASP's parameters: N=2^17,
 * r=8, p=1. The parameters are written into the hash, so a later change of cost still checks the
 * passwords hashed before it.
 */
export const defaultPasswordCost = 2 ** 17;
const keyLength = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const N = options.N ?? defaultPasswordCost;
  const r = options.r ?? 8;
  // scrypt needs 128·N·r bytes; OpenSSL's default ceiling (32 MiB) is below OWASP's cost.
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: 256 * N * r }, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string, cost = defaultPasswordCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: cost, r: 8, p: 1 });
  return ['scrypt', cost, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether the password is the one hashed; a hash not of this form matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const given = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a dummy check costs: an unknown e-mail takes as long to refuse as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(cost: number): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64url'), cost);
  return dummyHash;
}
