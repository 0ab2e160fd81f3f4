import { earlierRows } from '../../src/server/messages/earlier-rows.ts';
import { createRenderer } from '../../src/server/messages/render.ts';
import type { OutgoingMail } from '../../src/server/mail/transport.ts';
import { readMessageData, type MessageData, type MessageKind } from '../../src/server/outbox/message-data.ts';
import type { ClaimedMessage } from '../../src/server/outbox/worker.ts';
import { site } from '../../src/shared/site.ts';
import { testBankingKeys, type TestApp } from './test-app.ts';

/** The one outbox message of `kind` about a record (its id among the row's subjects), its data read and the e-mail rendered as the worker would send it. */
export async function renderedMail<K extends MessageKind>(t: TestApp, kind: K, about: string, now: Date): Promise<{ data: MessageData[K]; mail: OutgoingMail }> {
  const row = await t.db
    .selectFrom('outbox')
    .select(['id', 'kind', 'recipient', 'language', 'subject_ids', 'data', 'secret_encrypted'])
    .where('kind', '=', kind)
    .where(({ eb, ref }) => eb(eb.cast(ref('subject_ids'), 'text'), 'like', `%${about}%`))
    .executeTakeFirstOrThrow();
  const read = readMessageData(kind, row.data);
  if (!read.ok) throw new Error(read.problem);
  const render = createRenderer({ keyring: testBankingKeys, siteOrigin: 'http://localhost:5173', from: { name: site.productName, address: site.email }, clock: () => now, earlierRows: earlierRows(t.db, testBankingKeys) });
  const claimed = { id: row.id, kind, recipient: row.recipient, language: row.language, about: row.subject_ids, data: read.data, secretEncrypted: row.secret_encrypted, attempts: 0, giveUpAt: now, claimedUntil: now } as ClaimedMessage;
  const mail = await render(claimed);
  if (mail === 'gone') throw new Error(`the ${kind} message's records are gone`);
  return { data: read.data as MessageData[K], mail };
}
