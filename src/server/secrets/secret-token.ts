import { createHash, randomBytes } from 'node:crypto';
import { secretTokenPattern } from '../../shared/contract/common.ts';

/*
 * The secrets a person holds and the server keeps only as a hash: a staff session's cookie, a
 * set-password link. 256 random bits as base64url (43 characters); the stored SHA-256 finds the
 * row, and a stolen table gives no working secret.
 */

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a secret token: its SHA-256, as base64url. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Whether a text has the shape of a token newSecretToken made (read before anything is looked up). */
export function isSecretToken(text: string): boolean {
  return secretTokenPattern.test(text);
}
