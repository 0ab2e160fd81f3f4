/**
 * Staff command line: `npm run admin -- <group> <command> [--flags]`. It calls /admin-api of a
 * running server (ADMIN_URL, default http://127.0.0.1:8080) with ADMIN_TOKEN, or the token the
 * server generated into the data folder. `restore FILE` alone works on the database itself,
 * where no server runs yet: it needs no token.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { backup, restore, restoreCommandLine } from './backup-commands.ts';
import { books, receivables } from './books-commands.ts';
import type { AdminClient, Command } from './command.ts';
import { readEnv } from '../env.ts';
import { mailCommands } from './mail-commands.ts';
import { offerCommands } from './offer-commands.ts';
import { orderCommands } from './order-commands.ts';
import { rentalCommands } from './rental-commands.ts';
import { staffCommands } from './staff-commands.ts';
import { padCommands } from './pad-commands.ts';
import { waitlistCommands } from './waitlist-commands.ts';

/** Each group of commands, by name: `waitlist list`, `offer create`, … */
export const groups: Record<string, Record<string, Command>> = {
  waitlist: waitlistCommands,
  offer: offerCommands,
  orders: orderCommands,
  rentals: rentalCommands,
  mail: mailCommands,
  staff: staffCommands,
  pad: padCommands,
};

/** Commands of one word: `backup FILE`, `books`, `receivables`; and what each takes. */
export const singleCommands: Record<string, Command> = { backup, books, receivables };
const singleArguments: Record<keyof typeof singleCommands, string> = { backup: ' FILE', books: ' [--from YYYY-MM-DD --to YYYY-MM-DD] [--csv FILE]', receivables: '' };

function readToken(): string {
  if (process.env.ADMIN_TOKEN) return process.env.ADMIN_TOKEN;
  const file = join(process.env.DATA_DIR ?? 'data', 'admin-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new Error('No admin token: set ADMIN_TOKEN, or start the server once so it writes data/admin-token.');
}

export function httpClient(baseUrl: string, token: string): AdminClient {
  /** fetch, with a server that does not answer named in words ("fetch failed" says nothing to staff). */
  const reach = async (path: string, init: RequestInit): Promise<Response> => {
    try {
      return await fetch(new URL(path, baseUrl), init);
    } catch (err) {
      const cause = (err as { cause?: { code?: unknown } }).cause?.code;
      throw new Error(`No server answers at ${baseUrl}${typeof cause === 'string' ? ` (${cause})` : ''}: start it (npm start), or set ADMIN_URL to where it runs.`);
    }
  };
  return {
    async call(method, path, body, headers) {
      const res = await reach(path, {
        method,
        headers: { ...headers, authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const payload: unknown = await res.json().catch(() => ({}));
      if (!res.ok) {
        const error = (payload as { error?: unknown }).error;
        throw new Error(`${res.status}: ${typeof error === 'string' ? error : res.statusText}`);
      }
      return payload;
    },
    async download(path) {
      const res = await reach(path, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) {
        const error = ((await res.json().catch(() => ({}))) as { error?: unknown }).error;
        throw new Error(`${res.status}: ${typeof error === 'string' ? error : res.statusText}`);
      }
      return new Uint8Array(await res.arrayBuffer());
    },
    async upload(path, bytes) {
      const res = await reach(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, body: bytes });
      const payload: unknown = await res.json().catch(() => ({}));
      if (!res.ok) {
        const error = (payload as { error?: unknown }).error;
        throw new Error(`${res.status}: ${typeof error === 'string' ? error : res.statusText}`);
      }
      return payload;
    },
  };
}

/** Flags that never take a value; any other `--flag value` takes the word after it. */
const switches = new Set(['json', 'help', 'failed', 'no-email', 'link']);

/**
 * node:util parseArgs without declared options reads `--email a@b.c` as a switch and a
 * positional; commands declare no options, so pair them here: `--name value` and
 * `--name=value` both give flags.name = 'value'.
 */
function readArgs(argv: string[]): { positionals: string[]; values: Record<string, string | boolean | undefined> } {
  const { tokens } = parseArgs({ args: argv, allowPositionals: true, strict: false, tokens: true });
  const positionals: string[] = [];
  const values: Record<string, string | boolean | undefined> = {};
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const next = tokens[i + 1];
    if (token.value !== undefined) {
      values[token.name] = token.value;
    } else if (!switches.has(token.name) && next?.kind === 'positional') {
      values[token.name] = next.value;
      i++;
    } else {
      values[token.name] = true;
    }
  }
  return { positionals, values };
}

export async function runCli(argv: string[], client: AdminClient, print: (line: string) => void, ask?: (prompt: string) => Promise<string>): Promise<void> {
  const { positionals, values } = readArgs(argv);
  const [groupName, commandName, ...rest] = positionals;
  const single = groupName ? singleCommands[groupName] : undefined;
  const group = groupName ? groups[groupName] : undefined;
  const command = single ?? (group && commandName ? group[commandName] : undefined);
  if (!command) {
    const usage = [
      ...Object.entries(groups).flatMap(([g, cmds]) => Object.keys(cmds).map((c) => `  npm run admin -- ${g} ${c}`)),
      ...Object.keys(singleCommands).map((c) => `  npm run admin -- ${c}${singleArguments[c] ?? ''}`),
      `  ${restoreCommandLine}`,
    ];
    throw new Error(`Usage:\n${usage.join('\n')}`);
  }
  const args = single ? positionals.slice(1) : rest;
  await command({ client, args, flags: values, json: values.json === true, print, ask });
}

/** A question at the terminal whose answer is not echoed (a password). */
async function askHidden(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  process.stdout.write(prompt);
  muted = true;
  try {
    return await rl.question('');
  } finally {
    muted = false;
    rl.close();
    process.stdout.write('\n');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const argv = process.argv.slice(2);
    const print = (line: string) => console.log(line);
    if (argv[0] === 'restore') {
      await restore(argv.slice(1), readEnv(), print);
    } else {
      const client = httpClient(process.env.ADMIN_URL ?? 'http://127.0.0.1:8080', readToken());
      await runCli(argv, client, print, process.stdin.isTTY ? askHidden : undefined);
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  }
}
