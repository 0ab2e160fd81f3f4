import { site } from '../../shared/site.ts';
import type { Language } from './catalogue.ts';
import { colon, labelled } from './letter-format.ts';

/** One line of a table of facts: 'Space: Conference Room Saint-Laurent'. A value may hold several lines. */
export interface Fact {
  label: string;
  value: string;
  /** A code to type in (a door code, a password): set apart and in a fixed-width font. */
  code?: boolean;
}

/** What a message is made of; the text part and the HTML part are both written from it, so they say the same. */
export type Block =
  | { kind: 'section'; title: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: readonly Fact[] }
  /** Lines with amounts, and their total set apart below them. */
  | { kind: 'amounts'; rows: readonly Fact[]; total: Fact }
  | { kind: 'list'; items: readonly string[]; ordered: boolean }
  /** A link to the site (absolute), shown as a button. */
  | { kind: 'button'; label: string; url: string }
  /** A lesser link to the site (absolute), on a line of its own. */
  | { kind: 'link'; label: string; url: string }
  /** Something the reader must not miss. */
  | { kind: 'notice'; text: string };

export interface Letter {
  language: Language;
  /** The heading at the top (and the HTML document's title). */
  title: string;
  /** The line mail clients show after the subject in a list of messages. */
  preview?: string;
  greeting?: string;
  blocks: readonly Block[];
  signOff?: string;
  /** Why the reader gets this message, at the very bottom. */
  reason?: string;
}

const colours = { brand: '#0f5c4d', ink: '#1d2321', muted: '#55605c', line: '#dcd8cf', bg: '#f6f4ef', codeBg: '#eef5f3', noticeBg: '#fff3cd', noticeInk: '#5c4300' };
const font = 'Arial, Helvetica, sans-serif';
// Single quotes only: this goes inside style="…".
const mono = "Consolas, Menlo, 'Courier New', monospace";

function footerLines(): string[] {
  return [site.legalName, site.address, `${site.phoneDisplay} · ${site.email}`];
}

/**
 * French typography: a no-break space before ':' (so the colon never starts a line), whatever
 * the template wrote. URLs have no space before a colon, so they are left as they are.
 */
export function frenchSpacing(text: string, language: Language): string {
  return language === 'fr' ? text.replace(/ :/g, '\u00a0:') : text;
}

function typeset(letter: Letter): Letter {
  const t = (text: string) => frenchSpacing(text, letter.language);
  const fact = (f: Fact): Fact => ({ ...f, label: t(f.label), value: t(f.value) });
  const block = (b: Block): Block => {
    switch (b.kind) {
      case 'section':
        return { ...b, title: t(b.title) };
      case 'paragraph':
      case 'notice':
        return { ...b, text: t(b.text) };
      case 'facts':
        return { ...b, rows: b.rows.map(fact) };
      case 'amounts':
        return { ...b, rows: b.rows.map(fact), total: fact(b.total) };
      case 'list':
        return { ...b, items: b.items.map(t) };
      case 'button':
      case 'link':
        return { ...b, label: t(b.label) };
    }
  };
  return {
    ...letter,
    title: t(letter.title),
    ...(letter.preview ? { preview: t(letter.preview) } : {}),
    ...(letter.greeting ? { greeting: t(letter.greeting) } : {}),
    blocks: letter.blocks.map(block),
    ...(letter.signOff ? { signOff: t(letter.signOff) } : {}),
    ...(letter.reason ? { reason: t(letter.reason) } : {}),
  };
}

// ---------------------------------------------------------------- text

function textBlock(block: Block, language: Language): string {
  switch (block.kind) {
    case 'section':
      return `${block.title}\n${'-'.repeat(block.title.length)}`;
    case 'paragraph':
    case 'notice':
      return block.text;
    case 'facts':
      return block.rows.map((row) => labelled(language, row.label, row.value.replaceAll('\n', '\n    '))).join('\n');
    case 'amounts': {
      // Two columns, amounts aligned on the right (as a fixed-width font shows them).
      const rows = [...block.rows, block.total];
      const labelWidth = Math.max(...rows.map((r) => r.label.length));
      const valueWidth = Math.max(...rows.map((r) => r.value.length));
      const line = (r: Fact) => `${r.label.padEnd(labelWidth)}  ${r.value.padStart(valueWidth)}`;
      return [...block.rows.map(line), '-'.repeat(labelWidth + 2 + valueWidth), line(block.total)].join('\n');
    }
    case 'list':
      return block.items.map((item, i) => `${block.ordered ? `${i + 1}.` : '-'} ${item}`).join('\n');
    case 'button':
    case 'link':
      return `${block.label}${colon(language)}\n${block.url}`;
  }
}

/** The plain-text part: what a text-only client (or a screen reader set to text) shows. */
export function letterText(original: Letter): string {
  const letter = typeset(original);
  const parts = [`${letter.title}\n${'='.repeat(letter.title.length)}`];
  if (letter.greeting) parts.push(letter.greeting);
  for (const block of letter.blocks) parts.push(textBlock(block, letter.language));
  if (letter.signOff) parts.push(letter.signOff);
  parts.push(['-- ', ...footerLines(), ...(letter.reason ? ['', letter.reason] : [])].join('\n'));
  return `${parts.join('\n\n')}\n`;
}

// ---------------------------------------------------------------- HTML

/** Every text put into the HTML goes through this: nothing a person typed becomes markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function lines(text: string): string {
  return escapeHtml(text).replaceAll('\n', '<br>');
}

/** Only absolute links to a web page: a message read far from the site must still lead to it. */
function href(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`not a web link: ${parsed.protocol}`);
  return escapeHtml(parsed.toString());
}

const p = `margin:0 0 16px;font-family:${font};font-size:15px;line-height:1.55;color:${colours.ink};`;
const cell = `padding:8px 0;border-top:1px solid ${colours.line};font-family:${font};font-size:15px;line-height:1.45;vertical-align:top;`;

function factRows(rows: readonly Fact[]): string {
  return rows
    .map(
      (row) =>
        `<tr><td style="${cell}width:38%;padding-right:12px;color:${colours.muted};">${escapeHtml(row.label)}</td>` +
        (row.code
          ? `<td style="${cell}"><span style="display:inline-block;padding:2px 8px;border-radius:4px;background:${colours.codeBg};font-family:${mono};font-size:16px;font-weight:bold;letter-spacing:1px;color:${colours.ink};">${escapeHtml(row.value)}</span></td></tr>`
          : `<td style="${cell}color:${colours.ink};">${lines(row.value)}</td></tr>`),
    )
    .join('');
}

function htmlBlock(block: Block): string {
  const table = (body: string) => `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 20px;">${body}</table>`;
  switch (block.kind) {
    case 'section':
      return `<h2 style="margin:28px 0 10px;font-family:${font};font-size:17px;line-height:1.3;color:${colours.brand};">${escapeHtml(block.title)}</h2>`;
    case 'paragraph':
      return `<p style="${p}">${lines(block.text)}</p>`;
    case 'notice':
      return table(
        `<tr><td style="padding:12px 16px;background:${colours.noticeBg};border-left:4px solid ${colours.noticeInk};border-radius:4px;font-family:${font};font-size:15px;line-height:1.5;color:${colours.noticeInk};">${lines(block.text)}</td></tr>`,
      );
    case 'facts':
      return table(factRows(block.rows));
    case 'amounts': {
      const rows = block.rows
        .map(
          (row) =>
            `<tr><td style="${cell}padding-right:12px;color:${colours.ink};">${escapeHtml(row.label)}</td><td align="right" style="${cell}white-space:nowrap;color:${colours.ink};">${escapeHtml(row.value)}</td></tr>`,
        )
        .join('');
      const total = `<tr><td style="${cell}border-top:2px solid ${colours.ink};font-weight:bold;">${escapeHtml(block.total.label)}</td><td align="right" style="${cell}border-top:2px solid ${colours.ink};font-weight:bold;white-space:nowrap;">${escapeHtml(block.total.value)}</td></tr>`;
      return table(rows + total);
    }
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      const items = block.items.map((item) => `<li style="margin:0 0 4px;">${escapeHtml(item)}</li>`).join('');
      return `<${tag} style="margin:0 0 16px;padding-left:24px;font-family:${font};font-size:15px;line-height:1.5;color:${colours.ink};">${items}</${tag}>`;
    }
    case 'button': {
      const url = href(block.url);
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 8px;"><tr><td style="border-radius:6px;background:${colours.brand};">` +
        `<a href="${url}" style="display:inline-block;padding:12px 22px;font-family:${font};font-size:15px;font-weight:bold;line-height:1.2;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(block.label)}</a>` +
        `</td></tr></table>` +
        `<p style="margin:0 0 20px;font-family:${font};font-size:12px;line-height:1.4;color:${colours.muted};word-break:break-all;">${url}</p>`
      );
    }
    case 'link':
      return `<p style="${p}"><a href="${href(block.url)}" style="color:${colours.brand};font-weight:bold;">${escapeHtml(block.label)}</a></p>`;
  }
}

/** The HTML part: one column, inline styles only, no image and no script, readable at 320 px. */
export function letterHtml(original: Letter): string {
  const letter = typeset(original);
  const preview = letter.preview
    ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent;">${escapeHtml(letter.preview)}</div>`
    : '';
  const body = [
    `<h1 style="margin:0 0 20px;font-family:${font};font-size:22px;line-height:1.3;color:${colours.ink};">${escapeHtml(letter.title)}</h1>`,
    letter.greeting ? `<p style="${p}">${escapeHtml(letter.greeting)}</p>` : '',
    ...letter.blocks.map(htmlBlock),
    letter.signOff ? `<p style="${p}margin-top:24px;">${lines(letter.signOff)}</p>` : '',
  ].join('\n');
  const footer = [...footerLines(), ...(letter.reason ? [letter.reason] : [])].map((line) => escapeHtml(line)).join('<br>');
  return `<!doctype html>
<html lang="${letter.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(letter.title)}</title>
</head>
<body style="margin:0;padding:0;background:${colours.bg};">
${preview}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colours.bg};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid ${colours.line};border-radius:8px;">
<tr><td style="padding:18px 28px;background:${colours.brand};border-radius:8px 8px 0 0;font-family:${font};font-size:18px;font-weight:bold;line-height:1.3;color:#ffffff;">${escapeHtml(site.productName)}</td></tr>
<tr><td style="padding:28px 28px 12px;">
${body}
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;">
<tr><td style="padding:16px 28px;font-family:${font};font-size:12px;line-height:1.5;color:${colours.muted};text-align:center;">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
