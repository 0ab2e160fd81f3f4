import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on loopback (smtp-server), parsing what it receives with mailparser.
 * `refuseNext` makes it answer the next N messages with a temporary failure (451); `slow.ms`
 * holds its answer to each message that long once the message is in (a slow mail server), and
 * `slow.holding` counts the answers it holds now.
 */
export async function startSmtpServer(): Promise<{
  url: string;
  received: ReceivedMail[];
  refuseNext: { count: number };
  slow: { ms: number; holding: number };
  close: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const refuseNext = { count: 0 };
  const slow = { ms: 0, holding: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      const answer = () => {
        if (refuseNext.count > 0) {
          refuseNext.count -= 1;
          const err = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
            callback();
          })
          .catch((err: Error) => callback(err));
      };
      stream.on('end', () => {
        if (slow.ms <= 0) return answer();
        slow.holding += 1;
        setTimeout(() => {
          slow.holding -= 1;
          answer();
        }, slow.ms);
      });
    },
  });
  // A client that drops its connection (a server process stopping mid-session) is the client's
  // business: the server reports it as an 'error' event, which unheard would crash the test run.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext,
    slow,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
