/** An Idempotency-Key header: visible ASCII, as the IETF draft for the header and every client library produce. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;
