/**
 * Text a person types: no C0 control characters (NUL, tabs, line breaks, escapes), no DEL and
 * no lone UTF-16 surrogates. PostgreSQL cannot store a NUL in text, a line break in a name
 * forges e-mail headers and log lines, and a lone surrogate is not text at all.
 */
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const forbidden = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isPlainText(text: string): boolean {
  return !forbidden.test(text);
}

export const plainTextMessage = 'control_characters';

/** The longest address SMTP carries (RFC 5321). */
export const maxEmailLength = 254;

/** A deliberately loose check: a real address has one @ and a dot in its domain; the mailbox decides the rest. */
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export function isValidEmail(email: string): boolean {
  return email.length <= maxEmailLength && isPlainText(email) && emailPattern.test(email);
}
