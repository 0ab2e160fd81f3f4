/** What a contract shows where a variable has no value yet: a line to fill in by hand. */
export const blankLine = '________';

export type ContractVariables = Readonly<Record<string, string | number | null | undefined>>;

const variablePattern = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

/** Replaces every {{name}} with its value; a missing or empty value becomes a blank line. */
export function substituteVariables(text: string, variables: ContractVariables): string {
  return text.replace(variablePattern, (_marker, name: string) => {
    const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (value === null || value === undefined) return blankLine;
    const shown = String(value);
    return shown.trim() === '' ? blankLine : shown;
  });
}

/** The names of the variables a text refers to, each once, in order of appearance. */
export function variableNames(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(variablePattern), (m) => m[1] ?? ''))];
}

export interface ContractDetailText {
  title: string;
  description?: string | null | undefined;
  items?: readonly string[] | null | undefined;
}
export interface ContractContentText {
  title: string;
  description?: string | null | undefined;
  details?: readonly ContractDetailText[] | null | undefined;
}
export interface ContractSectionText {
  title: string;
  content: readonly ContractContentText[];
}

/** Every text of the sections with its variables substituted; the shape stays the same. */
export function substituteSections(sections: readonly ContractSectionText[], variables: ContractVariables): ContractSectionText[] {
  const s = (text: string) => substituteVariables(text, variables);
  const opt = (text: string | null | undefined) => (text === undefined || text === null ? undefined : s(text));
  return sections.map((section) => ({
    title: s(section.title),
    content: section.content.map((c) => ({
      title: s(c.title),
      description: opt(c.description),
      details: c.details?.map((d) => ({ title: s(d.title), description: opt(d.description), items: d.items?.map(s) })),
    })),
  }));
}

/**
 * The contract as one plain text, one line per title, description and item, in reading order:
 * the text whose SHA-256 the audit trail keeps.
 */
export function contractPlainText(sections: readonly ContractSectionText[], variables: ContractVariables): string {
  const lines: string[] = [];
  for (const section of substituteSections(sections, variables)) {
    lines.push(section.title);
    for (const c of section.content) {
      lines.push(c.title);
      if (c.description) lines.push(c.description);
      for (const d of c.details ?? []) {
        lines.push(d.title);
        if (d.description) lines.push(d.description);
        for (const item of d.items ?? []) lines.push(`- ${item}`);
      }
    }
  }
  return lines.join('\n');
}
