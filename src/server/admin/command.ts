/** What every staff command is given: the API client, its arguments and where to print. */
export interface AdminClient {
  call(method: string, path: string, body?: unknown): Promise<unknown>;
}

export interface CommandContext {
  client: AdminClient;
  args: string[];
  flags: Record<string, string | boolean | undefined>;
  json: boolean;
  print: (line: string) => void;
}

export type Command = (ctx: CommandContext) => Promise<void>;
