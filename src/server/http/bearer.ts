import { timingSafeEqual } from 'node:crypto';

/**
 * Whether an Authorization header is `Bearer <expected>`, compared in constant time: null when
 * it is not a Bearer header at all (another scheme, or none), so a caller can try another way in.
 */
export function bearerMatches(authorization: string | undefined, expected: string): boolean | null {
  const bearer = /^Bearer (.+)$/i.exec(authorization ?? '');
  if (!bearer) return null;
  const given = Buffer.from(bearer[1]!);
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
