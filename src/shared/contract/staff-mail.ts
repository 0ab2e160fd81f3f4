import * as z from 'zod/mini';

export const mailStatuses = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** A message of the outbox as staff see it (GET /admin-api/mail): never its content, which is rendered when sent. */
export const staffMessage = z.object({
  id: z.string(),
  kind: z.string(),
  recipient: z.string(),
  language: z.enum(['en', 'fr']),
  status: z.enum(mailStatuses),
  attempts: z.number(),
  /** The mail server's last refusal, while it is retried or once it failed. */
  last_error: z.nullable(z.string()),
  created_at: z.string(),
  sent_at: z.nullable(z.string()),
  /** When it is tried next (pending), or was given up (failed). */
  next_attempt_at: z.string(),
});
export type StaffMessage = z.infer<typeof staffMessage>;

export const staffMailResponse = z.object({
  success: z.literal(true),
  /** next_cursor: pass it as ?cursor= for the next page; null on the last one. */
  data: z.object({ messages: z.array(staffMessage), next_cursor: z.nullable(z.string()) }),
});

export const mailRetryResponse = z.object({ success: z.literal(true), message: staffMessage });
