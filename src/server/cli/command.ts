/** What every staff command is given: the API client, its arguments and where to print. */
export interface AdminClient {
  /** headers: what a change that must happen once names itself by (Idempotency-Key). */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<unknown>;
  /** A file the API answers (a PAD file), byte for byte. */
  download(path: string): Promise<Uint8Array>;
  /** A file sent as it is (text/plain, byte for byte: the bank's return file); answers the JSON. */
  upload?(path: string, bytes: Uint8Array<ArrayBuffer>): Promise<unknown>;
}

export interface CommandContext {
  client: AdminClient;
  args: string[];
  flags: Record<string, string | boolean | undefined>;
  json: boolean;
  print: (line: string) => void;
  /** Asks the person at the terminal, without echoing the answer; absent when there is no terminal. */
  ask?: (prompt: string) => Promise<string>;
}

export type Command = (ctx: CommandContext) => Promise<void>;
