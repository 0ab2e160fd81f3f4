/**
 * Fuzzing every endpoint of the app (fast-check): whatever the body, headers, path parameters
 * and query, the server never answers a 5xx, never hangs, and still answers afterwards.
 *
 * Each endpoint has a fuzzer (the first test checks that the app has no endpoint without one).
 * A fuzzer that takes a body first sweeps it field by field, every field × every kind of bad
 * value below (fast-check `examples`), then sends `runs` random requests: one field of a valid
 * body mutated, several fields, whole random bodies, raw text, odd encodings and content types.
 * Seed and run counts are fixed; a failure names the seed and the path that replays it:
 *   FUZZ_PATH='<path>' npx vitest run --project api tests/api/fuzz.test.ts -t '<endpoint>'
 * FUZZ_ALL=1 goes on past a failure and lists every failing request (with the server's error
 * line); FUZZ_VERBOSE=1 prints each endpoint's request count and answers by status.
 */
import { leaseOfferResponse } from '../../src/shared/contract/lease.ts';
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCheckout, type CheckoutRequest } from '../../src/shared/contract/checkout.ts';
import type { Office } from '../../src/shared/contract/offices.ts';
import type { ProductChoice } from '../../src/shared/domain/pricing.ts';
import { addDays } from '../../src/shared/domain/time.ts';
import { spaceToday } from '../../src/shared/domain/zoned-time.ts';
import { defaultRateLimits } from '../../src/server/deps.ts';
import { StaticSite } from '../../src/server/http/static-files.ts';
import { checkoutBody, checkoutOk, inventory, origin, payTestCheckout, testBuyer } from './checkout-helpers.ts';
import { admin, companyInfo, createOffer, signature, signedOffer, submitInfo, validBanking } from './lease-fixtures.ts';
import { backend, buildTestApp, testBankingKeys, testNow, waitlistEntryFor, type TestApp } from './test-app.ts';
import { runBillingRound } from '../../src/server/billing/round.ts';
import { openSecret } from '../../src/server/outbox/outbox.ts';
import { problemCodeHeader, problemDetail, problemDetailHeader } from '../../src/shared/contract/common.ts';
import { booksDownloads } from '../../src/shared/contract/books.ts';
import { problems, problemText, type Problem } from '../../src/shared/contract/problems.ts';

const seed = 20261123;
/** Replays one failure: the `path` a failure report gives, with the same seed. */
const replayPath = process.env.FUZZ_PATH;
/** Longer than any answer may take: past it the request counts as a hang. */
const answerTimeoutMs = 10_000;
const unlimited = { max: 10_000_000, windowMs: 60_000 };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonPath = readonly (string | number)[];

// ---------------------------------------------------------------------------------------------
// Bad values, as JSON text: each kind goes into every field of every body in the sweep.
// ---------------------------------------------------------------------------------------------

const megabyteString = `"${'a'.repeat(1024 * 1024)}"`;
const deepArrays = '['.repeat(10_000) + ']'.repeat(10_000);
const deepObjects = '{"a":'.repeat(10_000) + '0' + '}'.repeat(10_000);

const badValues: Record<string, readonly string[]> = {
  'wrong type': ['null', 'true', 'false', '0', '"text"', '[]', '{}', '[1,"a",null]', '{"a":{"b":[]}}', '""'],
  '1 MB string': [megabyteString],
  'almost 64 KB string': [`"${'é'.repeat(31_000)}"`],
  'deep nesting': [deepArrays, deepObjects],
  'invalid JSON': ['NaN', 'Infinity', '-Infinity', 'undefined', "'x'", '01', '.5', '+1', '0x1f', '"\\x41"', '"\\u12"', '"open', '{', ']', 'tru', '[1,]', '{"a":1,}', ''],
  NaN: ['NaN'],
  '±1e308': ['1e308', '-1e308', '1e309', '-1e309'],
  'extreme numbers': ['5e-324', '-0', '9007199254740993', '123456789012345678901234567890', '2147483648', '-2147483649', '0.1', '999999.995', '1e21'],
  negative: ['-1', '-0.01', '-1200', '-999999.99', '-2147483648'],
  'impossible date': ['"2026-02-30"', '"2026-13-01"', '"2026-00-00"', '"0000-01-01"', '"9999-12-31"', '"+275760-09-13"', '"2026-1-1"', '"2026-11-23T25:00:00Z"', '"2026-11-31"', '"2025-02-29"'],
  'control characters': ['"\\u0000"', '"a\\u0000b"', '"\\u0001\\u001f"', '"\\u007f"', '"a\\nb"', '"\\t"', '"\\r\\n"', '"\\u2028"', '"\\u0085"', '"\\u001b[31m"'],
  'lone surrogate': ['"\\ud800"', '"\\udfff"', '"a\\ud800b"', '"\\udc00\\ud800"', '"\\ud83d"'],
  'numeric text': ['"1200"', '" 1200 "', '"-5"', '"1e3"', '"NaN"', '"Infinity"', '"0x10"', '"1200.505"', '"١٢٣"', '"1e308"'],
  'markup and injection': ['"<script>alert(1)</script>"', `"' OR 1=1--"`, '"../../etc/passwd"', '"%00"', '"{{7*7}}"', '"${jndi:ldap://x}"', '"__proto__"'],
  unicode: ['"é"', '"e\\u0301"', '"\\u202eevil"', '"\\u200b"', '"😀"', '"İ"', '"ß"', '"\\ufeff"', '"  "'],
  'prototype keys': ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '{"toString":1,"valueOf":2}'],
};
const allBadValues = [...new Set(Object.values(badValues).flat())];

/** A string as the inside of a JSON string literal (controls and lone surrogates as \u escapes). */
const inner = (s: string) => JSON.stringify(s).slice(1, -1);

function numberText(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  return JSON.stringify(n);
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
/** Dates real and impossible: months 0 to 13, days 0 to 32, years around ours and far off. */
const dateText = fc
  .tuple(
    fc.oneof(fc.integer({ min: 2024, max: 2028 }), fc.integer({ min: -1, max: 99_999 })),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
    fc.constantFrom('', '', '', 'T00:00:00Z', 'T23:59:60Z', ' ', 'T25:00:00+99:00'),
  )
  .map(([y, m, d, time]) => `${y < 0 ? String(y) : String(y).padStart(4, '0')}-${twoDigits(m)}-${twoDigits(d)}${time}`);

const controlEscapes = ['\\u0000', '\\u0001', '\\u0007', '\\u0008', '\\u000b', '\\u001f', '\\u007f', '\\ud800', '\\udbff', '\\udc00', '\\n', '\\r'];

/** One bad (or merely random) value as JSON text, possibly not JSON at all. */
const badValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...allBadValues) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((s) => JSON.stringify(s)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...controlEscapes), fc.string({ maxLength: 12 }))
      .map(([a, c, b]) => `"${inner(a)}${c}${inner(b)}"`),
  },
  { weight: 2, arbitrary: fc.double().map(numberText) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n })).map(String) },
  { weight: 2, arbitrary: dateText.map((d) => JSON.stringify(d)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 10_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 60_000, max: 1_100_000 }).map((n) => `"${'x'.repeat(n)}"`) },
);

/** Whole bodies that are not the body asked for. */
const rawBodies = [
  '', ' ', 'null', '[]', '{}', '"text"', '0', 'NaN', '-1e308', '\ufeff{}', '{}{}', '{} trailing', '\u0000',
  '{"__proto__":{"polluted":true}}', '{"a":"\\u0000\\ud800"}', deepArrays, deepObjects, '['.repeat(100_000), `${' '.repeat(1024 * 1024)}{}`, megabyteString,
];
const wholeBody: fc.Arbitrary<{ text: string; note: string }> = fc.oneof(
  fc.constantFrom(...rawBodies).map((text) => ({ text, note: 'raw body' })),
  fc.jsonValue().map((v) => ({ text: JSON.stringify(v), note: 'random JSON' })),
  fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true }).map((v) => ({ text: JSON.stringify(v) ?? 'undefined', note: 'random value' })),
  fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({ text, note: 'random text' })),
);

// ---------------------------------------------------------------------------------------------
// Bodies: a valid body with one (or a few) of its fields changed, rendered as raw JSON text.
// ---------------------------------------------------------------------------------------------

/** Every field of a body, nested ones and array items included. */
function fieldPaths(value: Json, prefix: JsonPath = []): JsonPath[] {
  if (value === null || typeof value !== 'object') return [];
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...fieldPaths(child, [...prefix, key])]);
}

/** The objects of a body (the body itself first), where unknown fields can be added. */
function objectPaths(value: Json, prefix: JsonPath = []): JsonPath[] {
  if (value === null || typeof value !== 'object') return [];
  const own = Array.isArray(value) ? [] : [prefix];
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return [...own, ...entries.flatMap(([key, child]) => objectPaths(child, [...prefix, key]))];
}

const showPath = (path: JsonPath) => (path.length === 0 ? '(body)' : path.join('.'));

type Edit = { kind: 'set'; path: JsonPath; value: string } | { kind: 'delete'; path: JsonPath } | { kind: 'add'; path: JsonPath; key: string; value: string };

function editNote(edit: Edit): string {
  const shown = (v: string) => (v.length > 60 ? `${v.slice(0, 40)}… (${v.length} chars)` : v);
  if (edit.kind === 'delete') return `${showPath(edit.path)} missing`;
  if (edit.kind === 'add') return `${showPath([...edit.path, edit.key])} added = ${shown(edit.value)}`;
  return `${showPath(edit.path)} = ${shown(edit.value)}`;
}

/** The body with the edits made, as JSON text: values are spliced in raw, so they may be any text. */
function render(base: Json, edits: readonly Edit[]): string {
  const copy = structuredClone(base);
  const slots: string[] = [];
  const slot = (value: string) => {
    slots.push(value);
    return `\u0000fuzz-slot-${slots.length - 1}\u0000`;
  };
  for (const edit of edits) {
    const parentPath = edit.kind === 'add' ? edit.path : edit.path.slice(0, -1);
    let parent: Json = copy;
    for (const key of parentPath) parent = parent !== null && typeof parent === 'object' ? ((parent as Record<string, Json>)[key] ?? null) : null;
    if (parent === null || typeof parent !== 'object') continue; // an earlier edit replaced an ancestor
    const container = parent as Record<string | number, Json>;
    if (edit.kind === 'add') {
      Object.defineProperty(container, edit.key, { value: slot(edit.value), enumerable: true, writable: true, configurable: true });
    } else {
      const key = edit.path.at(-1)!;
      if (edit.kind === 'delete') {
        if (Array.isArray(container)) container.splice(Number(key), 1);
        else delete container[key];
      } else {
        container[key] = slot(edit.value);
      }
    }
  }
  return JSON.stringify(copy).replace(/"\\u0000fuzz-slot-(\d+)\\u0000"/g, (_, i: string) => slots[Number(i)]!);
}

const fieldName = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '', ' ', 'a\u0000b', '\ud800', 'success', 'id', 'status'),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** Requests bodies made from a valid one: the sweep (every field × every kind) and the random mix. */
function bodiesFrom(bases: readonly Json[], extraValues: Record<string, readonly string[]> = {}, validBodies?: fc.Arbitrary<{ text: string; note: string }>) {
  const main = bases[0]!;
  const fieldsOf = bases.map((b) => fieldPaths(b));
  const valueFor = (path: JsonPath) => {
    const special = extraValues[String(path.at(-1))];
    return special ? fc.oneof(badValue, fc.constantFrom(...special)) : badValue;
  };
  const edit: (base: number) => fc.Arbitrary<Edit> = (base) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...fieldsOf[base]!).chain((path) => valueFor(path).map((value): Edit => ({ kind: 'set', path, value }))) },
      { weight: 2, arbitrary: fc.constantFrom(...fieldsOf[base]!).map((path): Edit => ({ kind: 'delete', path })) },
      {
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom(...objectPaths(bases[base]!)), fieldName, badValue).map(([path, key, value]): Edit => ({ kind: 'add', path, key, value })),
      },
    );
  const keys = [...new Set(bases.flatMap((b) => (b && typeof b === 'object' && !Array.isArray(b) ? Object.keys(b) : [])))];
  const random: fc.Arbitrary<{ text: string; note: string }> = fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .integer({ min: 0, max: bases.length - 1 })
        .chain((b) => edit(b).map((e) => ({ text: render(bases[b]!, [e]), note: `base ${b}: ${editNote(e)}` }))),
    },
    {
      weight: 2,
      arbitrary: fc
        .integer({ min: 0, max: bases.length - 1 })
        .chain((b) => fc.array(edit(b), { minLength: 2, maxLength: 4 }).map((es) => ({ text: render(bases[b]!, es), note: `base ${b}: ${es.map(editNote).join('; ')}` }))),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...keys), badValue)
        .map(([key, value]) => ({ text: `${render(main, []).slice(0, -1)},${JSON.stringify(key)}:${value}}`, note: `${key} twice, second = ${value.slice(0, 40)}` })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(...keys.map((key) => fc.option(valueFor([key]), { nil: undefined }).map((v) => (v === undefined ? null : `${JSON.stringify(key)}:${v}`))))
        .map((pairs) => ({ text: `{${pairs.filter((p) => p !== null).join(',')}}`, note: 'every field random' })),
    },
    { weight: 2, arbitrary: wholeBody },
    ...(validBodies ? [{ weight: 4, arbitrary: validBodies }] : []),
    // The valid body itself: the path past validation, with the odd headers and encodings.
    { weight: 1, arbitrary: fc.integer({ min: 0, max: bases.length - 1 }).map((b) => ({ text: render(bases[b]!, []), note: `base ${b} unchanged` })) },
  );
  const sweep: { text: string; note: string }[] = [];
  fieldsOf[0]!.forEach((path, i) => {
    sweep.push({ text: render(main, [{ kind: 'delete', path }]), note: `sweep: ${showPath(path)} missing` });
    for (const [kind, values] of Object.entries(badValues)) {
      // Up to three values of each kind per field, a different three from one field to the next.
      const picked = [...new Set([0, 1, 2].map((k) => values[(i * 3 + k) % values.length]!))];
      for (const value of picked) {
        sweep.push({ text: render(main, [{ kind: 'set', path, value }]), note: `sweep: ${showPath(path)} ${kind} (${value.length > 40 ? `${value.slice(0, 30)}…` : value})` });
      }
    }
  });
  // And the values a field of this endpoint is known to be picky about, each in every field of that name.
  for (const path of fieldsOf[0]!) {
    for (const value of extraValues[String(path.at(-1))] ?? []) {
      sweep.push({ text: render(main, [{ kind: 'set', path, value }]), note: `sweep: ${showPath(path)} = ${value.length > 40 ? `${value.slice(0, 30)}…` : value}` });
    }
  }
  for (const text of rawBodies) sweep.push({ text, note: 'sweep: raw body' });
  return { random, sweep };
}

// ---------------------------------------------------------------------------------------------
// Requests: how a body is sent (content type, encoding), headers, path segments and queries.
// ---------------------------------------------------------------------------------------------

type Body = string | Uint8Array<ArrayBuffer>;

/** One request of the fuzz. Placeholders such as {offer:ready} in its path name real records. */
class Probe {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly headers: Record<string, string>,
    readonly body: Body | undefined,
    readonly note: string,
  ) {}

  /** What a failure report shows: the request, its big parts cut short. */
  [fc.toStringMethod](): string {
    const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);
    const body =
      this.body === undefined
        ? 'no body'
        : typeof this.body === 'string'
          ? `body ${JSON.stringify(cut(this.body, 300))}`
          : `body bytes ${cut(Buffer.from(this.body).toString('hex'), 300)} (${this.body.length} bytes)`;
    return `${this.method} ${cut(this.path, 300)} headers ${cut(JSON.stringify(this.headers), 600)} ${body} [${this.note}]`;
  }
}

const boundary = 'fuzz-boundary-7MA4YWxkTrZu0gW';

/** A header value the fetch API lets through: Latin-1, no NUL, CR or LF. */
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 1, max: 255 }).filter((c) => c !== 10 && c !== 13).map((c) => String.fromCharCode(c)), maxLength: 80 }),
  fc.constantFrom('', ' ', 'x'.repeat(8192), '\u00e9', '\u007f', 'null', 'undefined', '../../', '%00', 'a\tb'),
);

const xForwardedFor = fc.oneof(
  fc.constantFrom('198.51.100.7', '::1', '::ffff:10.0.0.1', '2001:db8::1', 'ffff::', '1::2::3', '::', '256.256.256.256', 'unknown', ',,,', ' , ', 'a'.repeat(300), `${'1.1.1.1,'.repeat(500)}2.2.2.2`),
  fc.array(fc.oneof(fc.ipV4(), fc.ipV6(), headerValue), { maxLength: 4 }).map((parts) => parts.join(', ')),
);

/** Content types, and how the body is encoded with each. */
type Envelope = 'json' | 'json-utf8' | 'text/plain' | 'multipart' | 'form' | 'none' | 'odd type' | 'utf-16' | 'bad utf-8' | 'bom';
const envelopes: Envelope[] = ['json', 'json-utf8', 'text/plain', 'multipart', 'form', 'none', 'odd type', 'utf-16', 'bad utf-8', 'bom'];
const envelope = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Envelope>('json') },
  { weight: 6, arbitrary: fc.constantFrom(...envelopes) },
);

function encodeBody(text: string, how: Envelope, cut: number, oddType: string): { headers: Record<string, string>; body: Body } {
  const utf8 = (s: string) => new TextEncoder().encode(s);
  switch (how) {
    case 'json':
      return { headers: { 'content-type': 'application/json' }, body: text };
    case 'json-utf8':
      return { headers: { 'content-type': 'application/json; charset=UTF-8' }, body: text };
    case 'text/plain':
      return { headers: { 'content-type': 'text/plain' }, body: text };
    case 'multipart':
      return {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\nContent-Type: application/json\r\n\r\n${text}\r\n--${boundary}--\r\n`,
      };
    case 'form':
      return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `payload=${percentEncode(text.slice(0, 100_000))}` };
    case 'none':
      return { headers: {}, body: utf8(text) };
    case 'odd type':
      return { headers: { 'content-type': oddType }, body: text };
    case 'utf-16': {
      const bytes = new Uint8Array(text.length * 2);
      for (let i = 0; i < text.length; i++) {
        bytes[2 * i] = text.charCodeAt(i) & 0xff;
        bytes[2 * i + 1] = text.charCodeAt(i) >> 8;
      }
      return { headers: { 'content-type': 'application/json; charset=utf-16le' }, body: bytes };
    }
    case 'bad utf-8': {
      const bytes = utf8(text);
      const at = bytes.length === 0 ? 0 : cut % (bytes.length + 1);
      const junk = [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe0, 0xa4], [0x80], [0xf4, 0x90, 0x80, 0x80]][cut % 6]!;
      return { headers: { 'content-type': 'application/json' }, body: new Uint8Array([...bytes.subarray(0, at), ...junk, ...bytes.subarray(at)]) };
    }
    case 'bom':
      return { headers: { 'content-type': 'application/json' }, body: `\ufeff${text}` };
  }
}

/** A request body arbitrary: a body text sent in one of the envelopes. */
function sent(bodies: fc.Arbitrary<{ text: string; note: string }>) {
  return fc.record({ body: bodies, how: envelope, cut: fc.nat(), oddType: headerValue }).map(({ body, how, cut, oddType }) => {
    const encoded = encodeBody(body.text, how, cut, oddType);
    return { ...encoded, note: `${body.note}; sent as ${how === 'odd type' ? `content-type ${JSON.stringify(oddType)}` : how}` };
  });
}

/** Percent-encoding that never throws: a lone surrogate goes as U+FFFD. */
function percentEncode(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    out += cp >= 0xd800 && cp <= 0xdfff ? '%EF%BF%BD' : encodeURIComponent(ch);
  }
  return out;
}

/** %-escapes that do not decode, or decode to what no path holds. */
const oddEscapes = ['%00', '%ZZ', '%E0%A4%A', '%', '%2', '%G1', '%ED%A0%80', '%C0%AF', '%FF', '%0A', '%0D%0A', '%7F', '%1B', '%2F', '%5C', '%2e%2e', '%25', '%u0041', '%F0%9F%98%80', '%EF%BB%BF'];

/** Path segments where an id goes: real-looking, empty, huge, or not decodable. */
const oddIds = [
  ...oddEscapes,
  '..', '.', '+', '%20', ';', 'null', 'undefined', '0', '-1', '1e308', 'NaN', '__proto__', 'constructor', 'é', '😀', 'a b',
  ...[7, 8, 16, 128, 129, 255, 256, 10_000].map((n) => 'a'.repeat(n)),
  `test_cs_${'0'.repeat(32)}`, 'test_cs_%00', 'test_cs_%ZZ', 'test_cs_%E0%A4%A',
];
const idSegment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...oddIds) },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,300}$/) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map(percentEncode) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.stringMatching(/^[A-Za-z0-9_]{0,20}$/), fc.constantFrom(...oddEscapes), fc.stringMatching(/^[A-Za-z0-9_]{0,20}$/)).map((parts) => parts.join('')),
  },
);

/** A query value as raw URL text: encoded, raw, or with broken %-escapes. */
const queryValue = fc.oneof(
  fc.constantFrom(...oddEscapes, '', '+', '&', '=', '==', '%26', '%3D', 'a'.repeat(10_000), 'null', '[]', '{}', 'en', 'fr', 'EN', ' en', 'en%00', 'de'),
  fc.string({ unit: 'binary', maxLength: 30 }).map(percentEncode),
  fc.stringMatching(/^[\x21-\x7e]{0,30}$/).map((s) => s.replace(/[#&]/g, '')),
  dateText.map(percentEncode),
  fc.double().map((n) => percentEncode(String(n))),
);

/** A query parameter an endpoint reads: a value it takes, how to make more, and odd ones to sweep. */
interface QueryParam {
  example: string;
  valid: fc.Arbitrary<string>;
  odd: readonly string[];
  bad?: fc.Arbitrary<string>;
}

/** Odd values every query parameter gets in the sweep (raw URL text: the URL parser encodes what it must). */
const oddQueryValues = [...oddEscapes, '', '+', '%2B', '&', '=', 'a'.repeat(10_000), '2026-02-30', '-1', '0', '1e308', '-1e308', 'NaN', 'null', '[]', '__proto__', 'é', '%C3%A9', ' ', '\u0000', '\ud800'];

type Pair = readonly [string, string | null];
const queryText = (pairs: readonly Pair[], tail = '') =>
  pairs.length === 0 && tail === '' ? '' : `?${pairs.map(([k, v]) => (v === null ? k : `${k}=${v}`)).join('&')}${tail}`;

/** Queries: every parameter right but one (wrong, missing, repeated or bare), and random ones. */
function queries(params: Record<string, QueryParam>) {
  const names = Object.keys(params);
  const badFor = (name: string) => {
    const p = params[name]!;
    return fc.oneof(fc.constantFrom(...p.odd, ...oddQueryValues), queryValue, ...(p.bad ? [p.bad] : []));
  };
  const valid = fc.tuple(...names.map((n) => params[n]!.valid));
  const extraPairs = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...names, '', '__proto__', 'a[b]', 'a%00', '%ZZ'), queryValue), fc.option(queryValue)),
    { maxLength: 3 },
  );
  const tail = fc.constantFrom('', '', '', '&', '&&', '#frag', '&=&');
  const oneWrong =
    names.length === 0
      ? []
      : [
          fc
            .constantFrom(...names)
            .chain((name) =>
              fc.tuple(valid, fc.constant(name), badFor(name), fc.constantFrom('replace', 'replace', 'missing', 'before', 'after', 'bare'), tail),
            )
            .map(([values, name, bad, how, end]) => {
              const pairs: Pair[] = names.map((n, i) => [n, values[i]!]);
              const at = names.indexOf(name);
              if (how === 'replace') pairs[at] = [name, bad];
              if (how === 'missing') pairs.splice(at, 1);
              if (how === 'before') pairs.unshift([name, bad]);
              if (how === 'after') pairs.push([name, bad]);
              if (how === 'bare') pairs[at] = [name, null];
              return { query: queryText(pairs, end), note: `${name}: ${how} ${how === 'missing' || how === 'bare' ? '' : bad.slice(0, 40)}` };
            }),
        ];
  const random = fc.oneof(
    ...oneWrong.map((arbitrary) => ({ weight: 4, arbitrary })),
    {
      weight: 1,
      arbitrary: fc.tuple(valid, extraPairs, tail).map(([values, extra, end]) => ({ query: queryText([...names.map((n, i): Pair => [n, values[i]!]), ...extra], end), note: 'extra parameters' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.array(fc.tuple(fc.constantFrom(...names, 'x'), fc.oneof(queryValue, ...names.map(badFor))), { maxLength: 5 }), tail)
        .map(([pairs, end]) => ({ query: queryText(pairs, end), note: 'random query' })),
    },
  );
  const example: Pair[] = names.map((n) => [n, params[n]!.example]);
  const sweep = names.flatMap((name, at) => [
    { query: queryText(example.filter((_, i) => i !== at)), note: `sweep: ${name} missing` },
    ...[...params[name]!.odd, ...oddQueryValues].map((value) => ({
      query: queryText(example.map((pair, i) => (i === at ? [name, value] : pair))),
      note: `sweep: ${name}=${value.slice(0, 40)}`,
    })),
  ]);
  return { random, sweep };
}

// ---------------------------------------------------------------------------------------------
// The app, its records, and sending a request with a time limit.
// ---------------------------------------------------------------------------------------------

let t: TestApp;
/** The server's error lines (one JSON line per error on stderr), from the request in flight. */
let serverErrors: string[] = [];
const writeStderr = process.stderr.write.bind(process.stderr);

/** A record a fuzzed path names: made when first asked for, and again once a request used it up. */
interface Pool {
  get: () => Promise<string>;
  spend: () => void;
}
function pool(make: () => Promise<string>): Pool {
  let current: Promise<string> | undefined;
  return {
    get: () => (current ??= make()),
    spend: () => {
      current = undefined;
    },
  };
}
const fixed = (value: string): Pool => ({ get: async () => value, spend: () => {} });
let pools: Record<string, Pool> = {};

/** Offer codes: real ones in every state, and codes that name nothing. */
const offerRefs = ['{offer:new}', '{offer:ready}', '{offer:signed}', '{offer:expired}'];
const offerCode = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...offerRefs) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{16,128}$/) },
  { weight: 1, arbitrary: fc.constantFrom('{offer:new}x', '{offer:new}%00', '{offer:new}%ZZ', '%20{offer:new}', '{offer:new}/..') },
  { weight: 4, arbitrary: idSegment },
);
const sessionRefs = ['{session:pending}', '{session:paid}', '{session:cancelled}'];
const sessionId = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...sessionRefs) }, { weight: 4, arbitrary: idSegment }, { weight: 1, arbitrary: fc.constant('{session:pending}%00') });

/** Manage-link tokens: paid orders of each kind (a room, office days, a rental, one cancelled) and tokens that open nothing. */
const bookingRefs = ['{booking:room}', '{booking:days}', '{booking:rental}', '{booking:cancelled}', '{booking:tenancy}'];
const bookingToken = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...bookingRefs) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
  { weight: 1, arbitrary: fc.constantFrom('{booking:room}x', '{booking:room}%00', '{booking:room}%ZZ', '%20{booking:room}', '{booking:room}/..', '{booking:room}.') },
  { weight: 4, arbitrary: idSegment },
);
/** The waitlist's e-mail links: an open offer's claim and decline links, a closed one's, an entry's leave link, and tokens that open nothing. */
const waitlistToken = (refs: readonly string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...refs) },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    { weight: 1, arbitrary: fc.constantFrom(...refs.flatMap((ref) => [`${ref}x`, `${ref}%00`, `${ref}%ZZ`, `%20${ref}`, `${ref}/..`])) },
    { weight: 3, arbitrary: idSegment },
  );
const claimRefs = ['{claim:open}', '{claim:closed}'];
const declineRefs = ['{decline:open}', '{decline:closed}'];
const leaveRefs = ['{leave:kept}', '{leave:fresh}'];
/** Bodies that name the fuzz's units (set once they exist). */
let queuedUnits: { queued: number; waiting: number; entry: number } = { queued: 0, waiting: 0, entry: 0 };

/** Staff's numbers for records: real ones (units made for the fuzz, paid and unpaid orders, offers in each state) and numbers that name nothing. */
const bigNumbers = ['999999', '2147483647', '2147483648', '9007199254740993', '00001', '1e3', '0x10'];
/** Unit ids never pick a demo unit at random: the endpoints that sell them are fuzzed beside. */
const staffUnitId = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('{unit:edited}', ...bigNumbers) }, { weight: 3, arbitrary: fc.constantFrom(...oddIds) });
/** The fuzz's own units with a waitlist (a demo unit's waitlist is left to the other fuzzers). */
const queuedUnitId = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('{unit:queued}', '{unit:waiting}', ...bigNumbers) }, { weight: 3, arbitrary: fc.constantFrom(...oddIds) });
const orderRefs = ['{order:paid}', '{order:cancelled}', '{order:days}'];
const orderId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...orderRefs) },
  { weight: 1, arbitrary: fc.uuid().map(String) },
  { weight: 1, arbitrary: fc.constantFrom('{order:paid}x', '{order:paid}%00', '{order:paid}'.toUpperCase(), '00000000-0000-0000-0000-00000000000g') },
  { weight: 3, arbitrary: idSegment },
);
/** A rental of the fuzz's own (billed, its December invoice owed), and ids that name none. */
const rentalRefs = ['{rental:billed}'];
const rentalId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...rentalRefs) },
  { weight: 1, arbitrary: fc.uuid().map(String) },
  { weight: 1, arbitrary: fc.constantFrom('{rental:billed}x', '{rental:billed}%00', '00000000-0000-0000-0000-00000000000g') },
  { weight: 3, arbitrary: idSegment },
);
/** Invoice numbers: the fuzz rental's, others well formed, and near misses. */
const invoiceNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('{invoice:owed}', 'F-2026-000001', 'F-2026-999999', 'F-2026-000001.pdf', 'f-2026-000001', 'NC-2026-000001', '2026-000001', 'F-2026-000001%00', 'F-2026-0000001111111111') },
  { weight: 2, arbitrary: idSegment },
);
const offerNumberRefs = ['{offerId:new}', '{offerId:signed}', '{offerId:expired}'];
const offerNumber = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...offerNumberRefs, ...bigNumbers) },
  { weight: 2, arbitrary: fc.nat().map(String) },
  { weight: 2, arbitrary: idSegment },
);
/** Account keys shaped almost like an id or an e-mail. */
const staffKeyOdds = [
  '-'.repeat(36),
  '0000000g-0000-4000-8000-000000000000',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  `${'a'.repeat(250)}%40b.co`,
  '%20fuzz.staff%40example.com%20',
  'FUZZ.STAFF%40EXAMPLE.COM',
  'a%40b',
  '%00',
];
const staffKeyOdd = fc.constantFrom(...staffKeyOdds);
/** A staff account the sign-in fuzzer sometimes gets right. */
const staffSignIn = { email: 'fuzz.staff@example.com', password: 'fuzz staff password' };
const unitBase = {
  office_id: 'FUZZ-A',
  name: 'Fuzz unit',
  service_type: 'dedicated_office',
  location_code: 'F9-901',
  seating_capacity: 2,
  base_monthly_rate: '1450',
  is_available: true,
  next_available_date: null,
  service_code: 'FZ-A',
};
const unitValues: Record<string, readonly string[]> = {
  office_id: ['"OFF-101"', '" FUZZ-C "', '"-FUZZ"', `"${'F'.repeat(64)}"`, `"${'F'.repeat(65)}"`],
  base_monthly_rate: ['"1200.50"', '"9999999.99"', '"99999999"', '"1200.505"', '"-1"', '"1e3"', '" 12 "', '"0"', '1200'],
  seating_capacity: ['1', '500', '501', '0', '1.5', '2147483648'],
  service_type: ['"conference_room"', '"mailbox"', '"castle"', '"DEDICATED_OFFICE"'],
  next_available_date: ['"2026-12-13"', '"0001-01-01"', '"9999-12-31"', '"2026-02-30"'],
  name: [`"${'n'.repeat(120)}"`, `"${'n'.repeat(121)}"`, '"  "'],
};

/** Idempotency-Key headers: mostly fit, now and then missing or malformed. */
const idempotencyHeaders = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[\x21-\x7e]{1,255}$/).map((key) => ({ 'idempotency-key': key })) },
  { weight: 2, arbitrary: fc.constantFrom('fuzz-key-1', 'fuzz-key-2').map((key) => ({ 'idempotency-key': key })) },
  { weight: 1, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: headerValue.map((key) => ({ 'idempotency-key': key })) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'a b', 'x'.repeat(256), '\u00e9', '\u0001').map((key) => ({ 'idempotency-key': key })) },
);

async function resolvePath(path: string): Promise<{ path: string; used: Pool[] }> {
  const used: Pool[] = [];
  let out = path;
  for (const m of path.matchAll(/\{(offer|offerId|session|cursor|mail|booking|unit|order|entry|staff|claim|decline|leave):(\w+)\}/g)) {
    const p = pools[`${m[1]}:${m[2]}`];
    if (!p) continue;
    used.push(p);
    out = out.replace(m[0], await p.get());
  }
  return { path: out, used };
}

interface Answer {
  status: number;
  text: string;
  errors: string[];
  headers: Headers;
}

/** The body as sent, uncompressed (the compression middleware answers br or gzip when asked). */
function decoded(bytes: Uint8Array, encoding: string | null): Uint8Array {
  // A HEAD answer names the encoding its GET would use, with no body.
  if (bytes.length === 0) return bytes;
  if (encoding === 'br') return brotliDecompressSync(bytes);
  if (encoding === 'gzip') return gunzipSync(bytes);
  return bytes;
}

async function exchange(probe: Probe): Promise<Answer> {
  const { path, used } = await resolvePath(probe.path);
  const request = new Request(`http://localhost${path}`, { method: probe.method, headers: probe.headers, body: probe.body });
  serverErrors = [];
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${answerTimeoutMs / 1000} s (a hang)`)), answerTimeoutMs);
  });
  const started = performance.now();
  try {
    const answer = await Promise.race([
      (async () => {
        const res = await t.app.request(request);
        const bytes = decoded(new Uint8Array(await res.arrayBuffer()), res.headers.get('content-encoding'));
        return { status: res.status, text: new TextDecoder().decode(bytes), errors: serverErrors, headers: res.headers };
      })(),
      hang,
    ]);
    // Work that never yields cannot be cut short by a timer: it is caught when it ends.
    const elapsed = performance.now() - started;
    if (elapsed > answerTimeoutMs) throw new Error(`answered ${answer.status} only after ${(elapsed / 1000).toFixed(1)} s (the limit is ${answerTimeoutMs / 1000} s)`);
    // A request that changed a record (signed it, paid it…) used it up: the next one gets a fresh one.
    if (probe.method !== 'GET' && probe.method !== 'HEAD' && answer.status < 400) for (const p of used) p.spend();
    return answer;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * FUZZ_ALL=1 lists every failing request of a run instead of stopping at the first (the
 * property then holds, and the test fails at its end with the list).
 */
const listAll = process.env.FUZZ_ALL === '1';
let failures: string[] = [];
let requestCount = 0;
const statuses = new Map<number, number>();

/**
 * An error answer that does not name its problem as the contract says: a code of the catalogue in
 * its header, the body's `error` that code's English (with the values and fields of its detail).
 */
function unnamedProblem(answer: Answer, method: string): string | undefined {
  const code = answer.headers.get(problemCodeHeader);
  if (!code || !Object.hasOwn(problems, code)) return `answered ${answer.status} without a problem code of the catalogue (${String(code)}): ${answer.text.slice(0, 300)}`;
  const raw = answer.headers.get(problemDetailHeader);
  const detail = raw ? problemDetail.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))) : {};
  const expected = problemText({ code, params: detail.params, fields: detail.fields } as Problem);
  // A HEAD answer has no body to compare: its code and status are checked.
  const error = method === 'HEAD' ? expected : (JSON.parse(answer.text) as { error?: unknown }).error;
  if (error !== expected) return `answered ${answer.status} ${code} with the error ${JSON.stringify(error)}, not its English ${JSON.stringify(expected)}`;
  if (problems[code as keyof typeof problems].status !== answer.status) return `answered ${code} with ${answer.status}, not its status ${problems[code as keyof typeof problems].status}`;
  return undefined;
}

/** The property of every request: an answer below 500, within the time limit, and an error answer that names its problem. */
async function answersWell(probe: Probe): Promise<void> {
  requestCount++;
  let problem: string | undefined;
  try {
    const answer = await exchange(probe);
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (answer.status >= 500) problem = `answered ${answer.status}: ${answer.text.slice(0, 500)}\nserver error lines:\n${answer.errors.map((line) => `  ${line}`).join('\n') || '  (none)'}`;
    else if (answer.status >= 400 && answer.headers.get('content-type')?.includes('json')) problem = unnamedProblem(answer, probe.method);
  } catch (err) {
    problem = err instanceof Error ? err.message : String(err);
  }
  if (problem === undefined) return;
  if (!listAll) throw new Error(problem);
  failures.push(`${fc.stringify(probe)}\n  → ${problem.replace(/\n/g, '\n    ')}`);
}

/** Runs the property with the fixed seed; a failure's message names the seed and the path. */
async function fuzz(name: string, probes: fc.Arbitrary<Probe>, numRuns: number, sweep: Probe[] = []): Promise<void> {
  failures = [];
  requestCount = 0;
  statuses.clear();
  const property = fc.asyncProperty(probes, answersWell);
  const result = await fc.check(property, {
    seed,
    // fast-check counts the examples among the runs: the sweep comes on top of the random runs.
    numRuns: sweep.length + numRuns,
    endOnFailure: true,
    examples: sweep.map((p) => [p] as [Probe]),
    ...(replayPath ? { path: replayPath } : {}),
  });
  if (result.failed) {
    const cause = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
    throw new Error(`${name}: ${fc.defaultReportMessage(result)}\nGot: ${cause}`);
  }
  if (process.env.FUZZ_VERBOSE === '1' || failures.length > 0) process.stdout.write(`${name}: ${requestCount} requests (statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}), ${failures.length} failing\n`);
  if (failures.length > 0) throw new Error(`${name}: ${failures.length} failing requests\n${failures.join('\n')}`);
  // Still answering after the fuzz.
  const res = await t.app.request('/public-api/offices/available');
  expect(res.status).toBe(200);
}

// ---------------------------------------------------------------------------------------------
// The endpoints.
// ---------------------------------------------------------------------------------------------

interface Fuzzer {
  /** As the app lists it: method and path pattern. */
  route: string;
  runs: number;
  probes: () => Promise<{ random: fc.Arbitrary<Probe>; sweep?: Probe[] }>;
}

const xff = fc.option(xForwardedFor, { nil: undefined });
const withXff = (headers: Record<string, string>, value: string | undefined) => (value === undefined ? headers : { ...headers, 'x-forwarded-for': value });

/** POSTs of a JSON body: sweep and random mix, on the paths given, with extra headers. */
function bodyProbes(
  paths: fc.Arbitrary<string>,
  sweepPath: string,
  bases: readonly Json[],
  options: {
    headers?: fc.Arbitrary<Record<string, string>>;
    fixedHeaders?: Record<string, string>;
    extraValues?: Record<string, readonly string[]>;
    /** Bodies the endpoint takes, made another way than by editing the bases. */
    validBodies?: fc.Arbitrary<{ text: string; note: string }>;
    /** POST unless said otherwise (an edit is a PATCH). */
    method?: string;
  } = {},
) {
  const { random, sweep } = bodiesFrom(bases, options.extraValues, options.validBodies);
  const fixedHeaders = options.fixedHeaders ?? {};
  const method = options.method ?? 'POST';
  const randomProbes = fc
    .record({ path: paths, body: sent(random), headers: options.headers ?? fc.constant({}), xff })
    .map(({ path, body, headers, xff: forwarded }) => new Probe(method, path, withXff({ ...body.headers, ...fixedHeaders, ...headers }, forwarded), body.body, body.note));
  const sweepProbes = sweep.map((b) => new Probe(method, sweepPath, { 'content-type': 'application/json', ...fixedHeaders }, b.text, b.note));
  // Every envelope, with the valid body and with bodies no parser should choke on.
  for (const how of envelopes) {
    for (const [text, note] of [[render(bases[0]!, []), 'valid body'], [deepArrays, 'deep arrays'], [megabyteString, '1 MB string'], ['NaN', 'NaN']] as const) {
      const encoded = encodeBody(text, how, text.length >> 1, 'application/octet-stream');
      sweepProbes.push(new Probe(method, sweepPath, { ...encoded.headers, ...fixedHeaders }, encoded.body, `sweep: ${note} sent as ${how}`));
    }
  }
  return { random: randomProbes, sweep: sweepProbes };
}

/** GETs (and HEADs) of a path with a query: the sweep on `sweepPath`, then random paths and queries. */
function queryProbes(paths: fc.Arbitrary<string>, params: Record<string, QueryParam>, options: { sweepPath?: string; headers?: Record<string, string> } = {}) {
  const { random, sweep } = queries(params);
  const headers = options.headers ?? {};
  return {
    random: fc
      .record({ path: paths, query: random, xff, method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD') })
      .map(({ path, query, xff: forwarded, method }) => new Probe(method, `${path}${query.query}`, withXff(headers, forwarded), undefined, query.note)),
    sweep: options.sweepPath === undefined ? [] : sweep.map((q) => new Probe('GET', `${options.sweepPath}${q.query}`, headers, undefined, q.note)),
  };
}

/** Adds to a fuzzer's sweep one request per odd id (and per real record) in its path. */
function withIds(
  probes: { random: fc.Arbitrary<Probe>; sweep?: Probe[] },
  method: string,
  path: (id: string) => string,
  refs: readonly string[],
  options: { headers?: Record<string, string>; body?: string } = {},
) {
  const headers = options.body === undefined ? (options.headers ?? {}) : { 'content-type': 'application/json', ...options.headers };
  const ids = [...refs, ...oddIds, ...refs.map((ref) => `${ref}%00`), ...refs.map((ref) => `${ref}x`)];
  return { random: probes.random, sweep: [...(probes.sweep ?? []), ...ids.map((id) => new Probe(method, path(id), headers, options.body, `sweep: id ${id.slice(0, 40)}`))] };
}

/** A day the books are asked about, and days that are not days. */
const booksDay = fc.tuple(fc.integer({ min: 2020, max: 2030 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 })).map(([y, m, d]) => `${y}-${twoDigits(m)}-${twoDigits(d)}`);
const oddBooksDays = ['2026-02-30', '2026-13-01', '0000-01-01', '99999-01-01', '2026-1-1', 'december', '', '2026-11-01T00:00:00Z', '2026-11-01%00', '-2026-11-01'];

const metricsToken = 'fuzz-metrics-token-0123456789';
const adminAuth = { authorization: admin.authorization };
/** Mostly the staff token; now and then a wrong one, to fuzz the check itself. */
const adminHeaders = fc.oneof(
  { weight: 9, arbitrary: fc.constant(adminAuth) },
  { weight: 1, arbitrary: headerValue.map((v) => ({ authorization: v })) },
  { weight: 1, arbitrary: headerValue.map((v) => ({ authorization: `Bearer ${v}` })) },
);

let checkoutBases: CheckoutRequest[] = [];
let waitlistBase: Json = {};
let signatureValues: string[] = [];

/** Signature data URLs a pad never sends: broken, truncated, huge, or the largest accepted. */
function signatureFuzz(): string[] {
  const png = (width: number, height: number, options: { colorType?: 0 | 2 | 4 | 6; bitDepth?: 8 | 16 } = {}) => {
    const image = new PNG({ width, height, colorType: options.colorType ?? 6, bitDepth: options.bitDepth ?? 8, inputHasAlpha: true });
    image.data.fill(0x40);
    return PNG.sync.write(image, { colorType: options.colorType ?? 6, bitDepth: options.bitDepth ?? 8, inputHasAlpha: true });
  };
  const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
  const valid = Buffer.from(signature.split(',')[1]!, 'base64');
  const flipped = Buffer.from(valid);
  flipped[valid.length >> 1] = flipped[valid.length >> 1]! ^ 0xff;
  /** A header that claims a big image over a few bytes of pixels. */
  const liar = Buffer.from(png(4, 4));
  liar.writeUInt32BE(4096, 16);
  liar.writeUInt32BE(2048, 20);
  return [
    dataUrl(flipped),
    dataUrl(valid.subarray(0, valid.length - 20)),
    dataUrl(valid.subarray(0, 40)),
    dataUrl(liar),
    dataUrl(png(4096, 2048)),
    dataUrl(png(4097, 1)),
    dataUrl(png(1, 1)),
    dataUrl(png(64, 64, { colorType: 0, bitDepth: 16 })),
    dataUrl(png(64, 64, { colorType: 2 })),
    `data:image/png;base64,${'A'.repeat(700_000)}`,
    `data:image/png;base64,${'A'.repeat(680_000)}==`,
    'data:image/png;base64,',
    'data:image/png;base64,=',
    'data:image/png;base64,****',
    `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`,
    `${signature}\n`,
    ` ${signature}`,
    signature.replace('base64,', 'base64, '),
  ].map((s) => JSON.stringify(s));
}

const language: QueryParam = { example: 'fr', valid: fc.constantFrom('en', 'fr'), odd: ['EN', 'Fr', 'de', 'en-CA', 'en%00', 'fr%20', 'en,fr'] };
/** Dates from `from` to `to` days after 1 November 2026. */
const nearDate = (from: number, to: number) => fc.integer({ min: from, max: to }).map((d) => new Date(Date.UTC(2026, 10, 1) + d * 86_400_000).toISOString().slice(0, 10));
const impossibleDates = ['2026-02-30', '2026-13-01', '2026-11-00', '0000-01-01', '9999-12-31', '275760-09-13', '2026-11-1', '2026-11-01T00:00:00Z', '+2026-11-01', '2026-11-31'];

/** Return addresses: on the site, elsewhere, or not addresses at all. */
const urlValues = [
  '"http://localhost:5173/x"',
  '"http://localhost:5173/x?y=1#z"',
  '"http://evil.example/"',
  '"javascript:alert(1)"',
  '"http://user:pw@localhost:5173/"',
  '"http://localhost:5173/\\u0000"',
  `"http://localhost:5173/${'a'.repeat(3000)}"`,
  '"//localhost:5173/"',
  '"http://[::1"',
  '"http://localhost:5173/#\\ud800"',
  '"http://LOCALHOST:5173/"',
  '"http://localhost:5173:80/"',
];

let units: Office[] = [];

/**
 * Checkout bodies priced right by the shared pricing, for any unit and any product, on any
 * dates: past, today, weekends, beyond the booking windows, repeated, out of order, too many.
 * They get past validation and the price check, into the windows, holds and orders.
 */
function pricedChoices(): fc.Arbitrary<{ text: string; note: string }> {
  const today = spaceToday(t.deps.clock());
  // CONF-B is left alone: the last test books it.
  const candidates = units.filter((u) => u.office_id !== 'CONF-B');
  const day = fc.integer({ min: -3, max: 100 }).map((n) => addDays(today, n));
  const products: ProductChoice['product'][] = ['office_monthly', 'office_lease', 'office_daily', 'standard', 'conference_room', 'day_pass', 'mailbox'];
  const productsOf: Record<string, ProductChoice['product'][]> = {
    dedicated_office: ['office_monthly', 'office_lease', 'office_daily', 'standard'],
    conference_room: ['conference_room'],
    day_pass: ['day_pass'],
    mailbox: ['mailbox'],
  };
  return fc
    .record({
      unit: fc.constantFrom(...candidates),
      anyProduct: fc.constantFrom(...products),
      fitting: fc.nat(),
      dates: fc.oneof(
        fc.uniqueArray(fc.integer({ min: 1, max: 30 }).map((n) => addDays(today, n)), { minLength: 1, maxLength: 8 }),
        fc.array(day, { maxLength: 5 }),
        fc.array(day, { minLength: 60, maxLength: 70 }),
        day.map((d) => [d, d]),
      ),
      locale: fc.constantFrom<('en' | 'fr' | undefined)[]>(undefined, 'en', 'fr'),
      idForm: fc.constantFrom('office_id', 'service_code', 'id', 'id as text'),
    })
    .map(({ unit, anyProduct, fitting, dates, locale, idForm }) => {
      // Mostly a product the unit has, now and then any product.
      const own = productsOf[unit.service_type] ?? ['standard'];
      const product = fitting % 5 === 0 ? anyProduct : own[fitting % own.length]!;
      const first = dates[0] ?? today;
      const choice: ProductChoice =
        product === 'office_daily' ? { product, dates } : product === 'conference_room' || product === 'day_pass' ? { product, date: first } : { product };
      const built = buildCheckout(unit, choice, { today, origin, locale });
      const note = `priced choice: ${unit.office_id} ${product} ${dates.slice(0, 3).join(',')}${dates.length > 3 ? `… (${dates.length} dates)` : ''} by ${idForm}`;
      if (!built) return { text: JSON.stringify({ ...checkoutBases[0], officeId: unit.office_id }), note: `${note} (no price: another unit's body)` };
      const officeId = idForm === 'service_code' ? (unit.service_code ?? unit.office_id) : idForm === 'id' ? unit.id : idForm === 'id as text' ? String(unit.id) : built.request.officeId;
      return { text: JSON.stringify({ ...built.request, officeId }), note };
    });
}

const fuzzers: Fuzzer[] = [
  // The health answers read no input: whatever the query and headers, 200 (or a 503 that says why).
  { route: 'GET /healthz', runs: 50, probes: async () => queryProbes(fc.constantFrom('/healthz', '/healthz/', '/healthz%00'), {}) },
  { route: 'GET /readyz', runs: 50, probes: async () => queryProbes(fc.constantFrom('/readyz', '/readyz/', '/readyz%2e'), {}) },
  {
    // Mostly its token, now and then another: a 401 either way but never a 5xx.
    route: 'GET /metrics',
    runs: 50,
    probes: async () => {
      const paths = fc.constantFrom('/metrics', '/metrics/', '/metrics%00');
      const right = queryProbes(paths, {}, { headers: { authorization: `Bearer ${metricsToken}` } });
      const wrong = queryProbes(paths, {}, { headers: { authorization: `Bearer ${metricsToken.slice(1)}` } });
      return { random: fc.oneof({ weight: 3, arbitrary: right.random }, { weight: 1, arbitrary: wrong.random }), sweep: [] };
    },
  },
  {
    route: 'POST /public-api/stripe/create-checkout-session',
    runs: 300,
    probes: async () =>
      bodyProbes(fc.constant('/public-api/stripe/create-checkout-session'), '/public-api/stripe/create-checkout-session', checkoutBases as unknown as Json[], {
        headers: fc.record(
          { 'x-forwarded-host': headerValue, 'x-forwarded-proto': fc.constantFrom('http', 'https', 'ftp', '', 'http, https') },
          { requiredKeys: [] },
        ),
        extraValues: {
          successUrl: urlValues,
          cancelUrl: urlValues,
          officeId: ['"daypass"', '"OFF-101"', '"DO-101"', '"1"', '1', '0', '999999999', '1e9', '"CONF-A"', '"MAILBOX-BASIC"', '"OFF-301"', '"000000001"'],
          rentalType: ['"standard"', '"daily"', '"monthly"', '"lease"', '"Daily"', '"hourly"'],
          locale: ['"en"', '"fr"', '"de"', '"EN"'],
        },
        validBodies: pricedChoices(),
      }),
  },
  {
    route: 'POST /public-api/stripe/webhook',
    runs: 150,
    probes: async () =>
      bodyProbes(
        fc.constant('/public-api/stripe/webhook'),
        '/public-api/stripe/webhook',
        [{ id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_test_1', payment_status: 'paid', metadata: { order_id: 'x' } } } }],
        { headers: fc.record({ 'stripe-signature': fc.oneof(headerValue, fc.constant('t=1,v1=abc')) }, { requiredKeys: [] }) },
      ),
  },
  {
    route: 'POST /public-api/waitlist',
    runs: 300,
    probes: async () =>
      bodyProbes(fc.constant('/public-api/waitlist'), '/public-api/waitlist', [waitlistBase], {
        headers: fc.oneof(
          fc.constant({}),
          fc.stringMatching(/^[\x21-\x7e]{1,255}$/).map((key) => ({ 'idempotency-key': key })),
          fc.constantFrom('fuzz-key-1', 'fuzz-key-2').map((key) => ({ 'idempotency-key': key })),
          headerValue.map((key) => ({ 'idempotency-key': key })),
          fc.constantFrom('', ' ', 'a b', 'x'.repeat(256), 'x'.repeat(255), '\u00e9', '\u007f', '\u0001', 'a\tb', '%00').map((key) => ({ 'idempotency-key': key })),
        ),
        extraValues: { service_offering_ids: ['[1,1]', '["1",1]', '[" OFF-101 "]', `[${Array.from({ length: 1000 }, (_, i) => i + 1).join(',')}]`, '[2147483648]', '["2147483648"]', '[9007199254740991]'] },
      }),
  },
  {
    route: 'POST /public-api/lease-offers/:code/submit-info',
    runs: 250,
    probes: async () =>
      withIds(
        bodyProbes(offerCode.map((code) => `/public-api/lease-offers/${code}/submit-info`), '/public-api/lease-offers/{offer:new}/submit-info', [companyInfo as Json], {
          extraValues: { province: ['"QC"', '"qc"', '"XX"', '""', 'null'] },
        }),
        'POST',
        (code) => `/public-api/lease-offers/${code}/submit-info`,
        offerRefs,
        { body: JSON.stringify(companyInfo) },
      ),
  },
  {
    route: 'POST /public-api/lease-offers/:code/complete-signing',
    runs: 250,
    probes: async () =>
      withIds(
        bodyProbes(
          offerCode.map((code) => `/public-api/lease-offers/${code}/complete-signing`),
          '/public-api/lease-offers/{offer:ready}/complete-signing',
          [{ signature, banking: validBanking, language: 'en' }],
          {
            headers: fc.record({ 'user-agent': headerValue }, { requiredKeys: [] }),
            extraValues: {
              signature: [...signatureValues],
              account_number: ['"1234567"', `"${'9'.repeat(12)}"`, `"${'9'.repeat(13)}"`, `"${'9'.repeat(100_000)}"`, '" 123 "', '"１２３"'],
              transit_number: ['"12345"', '"1234"', '"123456"', '"١٢٣٤٥"'],
              institution_number: ['"003"', '"03"', '"0003"'],
            },
          },
        ),
        'POST',
        (code) => `/public-api/lease-offers/${code}/complete-signing`,
        offerRefs,
        { body: JSON.stringify({ signature, banking: validBanking }) },
      ),
  },
  {
    route: 'GET /public-api/lease-offers/:code',
    runs: 150,
    probes: async () =>
      withIds(
        queryProbes(offerCode.map((code) => `/public-api/lease-offers/${code}`), { language }, { sweepPath: '/public-api/lease-offers/{offer:new}' }),
        'GET',
        (code) => `/public-api/lease-offers/${code}`,
        offerRefs,
      ),
  },
  {
    route: 'GET /public-api/lease-offers/:code/contract-data',
    runs: 200,
    probes: async () =>
      withIds(
        queryProbes(offerCode.map((code) => `/public-api/lease-offers/${code}/contract-data`), { language }, { sweepPath: '/public-api/lease-offers/{offer:ready}/contract-data' }),
        'GET',
        (code) => `/public-api/lease-offers/${code}/contract-data?language=fr`,
        offerRefs,
      ),
  },
  {
    route: 'GET /public-api/lease-offers/:code/download-pdf',
    runs: 150,
    probes: async () =>
      withIds(
        queryProbes(offerCode.map((code) => `/public-api/lease-offers/${code}/download-pdf`), { language }, { sweepPath: '/public-api/lease-offers/{offer:signed}/download-pdf' }),
        'GET',
        (code) => `/public-api/lease-offers/${code}/download-pdf`,
        offerRefs,
      ),
  },
  {
    route: 'GET /public-api/offices/available',
    runs: 50,
    probes: async () => queryProbes(fc.constantFrom('/public-api/offices/available', '/public-api/offices/available/', '/public-api/offices//available'), {}),
  },
  {
    route: 'GET /public-api/calendar/availability',
    runs: 300,
    probes: async () =>
      queryProbes(
        fc.constant('/public-api/calendar/availability'),
        {
          officeId: {
            example: 'CONF-A',
            valid: fc.constantFrom('CONF-A', 'CONF-B', 'CR-A', 'OFF-101', 'OFF-102', 'OFF-204', 'daypass', 'DAYPASS', 'MAILBOX-BASIC', '1', '21'),
            odd: ['999999999', '9999999999', '-1', '2147483648', 'a'.repeat(64), 'a'.repeat(65), 'CONF-A%00', 'conf-a', '1e3', '0x15', 'CONF-A ', '%20CONF-A'],
            bad: idSegment,
          },
          startDate: { example: '2026-11-01', valid: nearDate(0, 45), odd: impossibleDates, bad: dateText.map(percentEncode) },
          endDate: { example: '2026-11-30', valid: nearDate(40, 95), odd: [...impossibleDates, '2025-11-01', '2027-01-31', '1970-01-01'], bad: dateText.map(percentEncode) },
        },
        { sweepPath: '/public-api/calendar/availability' },
      ),
  },
  {
    route: 'GET /public-api/orders/:sessionId',
    runs: 150,
    probes: async () => withIds(queryProbes(sessionId.map((id) => `/public-api/orders/${id}`), {}), 'GET', (id) => `/public-api/orders/${id}`, sessionRefs),
  },
  {
    route: 'GET /public-api/orders/:sessionId/receipt.pdf',
    runs: 150,
    probes: async () =>
      withIds(queryProbes(sessionId.map((id) => `/public-api/orders/${id}/receipt.pdf`), {}), 'GET', (id) => `/public-api/orders/${id}/receipt.pdf`, sessionRefs),
  },
  {
    route: 'GET /public-api/bookings/:token',
    runs: 150,
    probes: async () => withIds(queryProbes(bookingToken.map((token) => `/public-api/bookings/${token}`), {}), 'GET', (token) => `/public-api/bookings/${token}`, bookingRefs),
  },
  {
    route: 'GET /public-api/bookings/:token/receipt.pdf',
    runs: 100,
    probes: async () =>
      withIds(queryProbes(bookingToken.map((token) => `/public-api/bookings/${token}/receipt.pdf`), {}), 'GET', (token) => `/public-api/bookings/${token}/receipt.pdf`, bookingRefs),
  },
  {
    route: 'GET /public-api/bookings/:token/lease.pdf',
    runs: 100,
    probes: async () => withIds(queryProbes(bookingToken.map((token) => `/public-api/bookings/${token}/lease.pdf`), {}), 'GET', (token) => `/public-api/bookings/${token}/lease.pdf`, bookingRefs),
  },
  {
    route: 'GET /public-api/bookings/:token/credit-notes/:number',
    runs: 150,
    probes: async () => {
      const number = fc.oneof(fc.constantFrom('NC-2026-000001', 'NC-2026-000002', 'NC-2026-999999', '2026-000001', 'NC-2026-000001.pdf', 'NC-2026-000001%00'), idSegment);
      return withIds(
        queryProbes(fc.tuple(bookingToken, number).map(([token, n]) => `/public-api/bookings/${token}/credit-notes/${n}`), {}),
        'GET',
        (token) => `/public-api/bookings/${token}/credit-notes/NC-2026-000001`,
        bookingRefs,
      );
    },
  },
  {
    route: 'POST /public-api/bookings/:token/cancel',
    runs: 300,
    probes: async () =>
      withIds(
        bodyProbes(bookingToken.map((token) => `/public-api/bookings/${token}/cancel`), '/public-api/bookings/{booking:days}/cancel', [{ dates: ['2026-12-01'] }, { dates: ['2026-12-10'] }], {
          fixedHeaders: { 'idempotency-key': 'fuzz-sweep' },
          headers: idempotencyHeaders,
          extraValues: {
            dates: ['["2026-11-30","2026-11-30"]', '["2026-12-02","2026-11-30"]', '["2026-11-23"]', '["2026-02-30"]', `[${Array.from({ length: 63 }, () => '"2026-12-01"').join(',')}]`, '[]', '["2026-12-01T00:00:00Z"]'],
          },
        }),
        'POST',
        (token) => `/public-api/bookings/${token}/cancel`,
        bookingRefs,
        { headers: { 'idempotency-key': 'fuzz-ids' }, body: JSON.stringify({ dates: ['2026-12-01'] }) },
      ),
  },
  {
    route: 'POST /public-api/bookings/:token/notice',
    runs: 150,
    probes: async () =>
      withIds(
        {
          random: fc
            .record({ token: bookingToken, headers: idempotencyHeaders, body: fc.option(sent(wholeBody), { nil: undefined }) })
            .map(({ token, headers, body }) => new Probe('POST', `/public-api/bookings/${token}/notice`, { ...body?.headers, ...headers }, body?.body, body?.note ?? 'no body')),
        },
        'POST',
        (token) => `/public-api/bookings/${token}/notice`,
        bookingRefs,
        { headers: { 'idempotency-key': 'fuzz-ids' } },
      ),
  },
  {
    route: 'GET /public-api/bookings/:token/invoices/:number',
    runs: 120,
    probes: async () =>
      withIds(
        queryProbes(fc.tuple(bookingToken, invoiceNumber).map(([token, n]) => `/public-api/bookings/${token}/invoices/${n}`), {}),
        'GET',
        (token) => `/public-api/bookings/${token}/invoices/{invoice:owed}`,
        [...bookingRefs, '{booking:billed}'],
      ),
  },
  {
    route: 'POST /public-api/bookings/:token/invoices/:number/pay',
    runs: 120,
    probes: async () =>
      withIds(
        {
          random: fc
            .record({ token: fc.oneof(bookingToken, fc.constant('{booking:billed}')), number: invoiceNumber, body: fc.option(sent(wholeBody), { nil: undefined }) })
            .map(({ token, number, body }) => new Probe('POST', `/public-api/bookings/${token}/invoices/${number}/pay`, body?.headers ?? {}, body?.body, body?.note ?? 'no body')),
        },
        'POST',
        (token) => `/public-api/bookings/${token}/invoices/{invoice:owed}/pay`,
        [...bookingRefs, '{booking:billed}'],
      ),
  },
  {
    route: 'POST /public-api/bookings/:token/card',
    runs: 100,
    probes: async () =>
      withIds(
        {
          random: fc
            .record({ token: fc.oneof(bookingToken, fc.constant('{booking:billed}')), body: fc.option(sent(wholeBody), { nil: undefined }) })
            .map(({ token, body }) => new Probe('POST', `/public-api/bookings/${token}/card`, body?.headers ?? {}, body?.body, body?.note ?? 'no body')),
        },
        'POST',
        (token) => `/public-api/bookings/${token}/card`,
        [...bookingRefs, '{booking:billed}'],
      ),
  },
  {
    route: 'GET /admin-api/rentals',
    runs: 150,
    probes: async () =>
      queryProbes(
        fc.constant('/admin-api/rentals'),
        {
          limit,
          state: { example: 'overdue', valid: fc.constantFrom('active', 'ending', 'ended', 'overdue'), odd: ['OVERDUE', 'overdue%00', 'overdue,active', 'late', ''] },
          cursor: cursor('rentals'),
        },
        { sweepPath: '/admin-api/rentals', headers: adminAuth },
      ),
  },
  {
    route: 'GET /admin-api/rentals/:id',
    runs: 100,
    probes: async () =>
      withIds(
        queryProbes(rentalId.map((id) => `/admin-api/rentals/${id}`), { lang: { example: 'fr', valid: fc.constantFrom('en', 'fr'), odd: ['FR', 'de', 'fr%00'] } }, { headers: adminAuth }),
        'GET',
        (id) => `/admin-api/rentals/${id}`,
        rentalRefs,
        { headers: adminAuth },
      ),
  },
  {
    route: 'GET /admin-api/rentals/:id/invoices/:file',
    runs: 100,
    probes: async () =>
      withIds(
        queryProbes(fc.tuple(rentalId, invoiceNumber).map(([id, n]) => `/admin-api/rentals/${id}/invoices/${n}.pdf`), {}, { headers: adminAuth }),
        'GET',
        (id) => `/admin-api/rentals/${id}/invoices/{invoice:owed}.pdf`,
        rentalRefs,
        { headers: adminAuth },
      ),
  },
  {
    route: 'POST /admin-api/rentals/:id/invoices/:number/retry',
    runs: 100,
    probes: async () =>
      withIds(
        {
          random: fc
            .record({ id: rentalId, number: invoiceNumber, auth: adminHeaders, key: idempotencyHeaders })
            .map(({ id, number, auth, key }) => new Probe('POST', `/admin-api/rentals/${id}/invoices/${number}/retry`, { ...auth, ...key }, undefined, 'retry')),
        },
        'POST',
        (id) => `/admin-api/rentals/${id}/invoices/{invoice:owed}/retry`,
        rentalRefs,
        { headers: { ...adminAuth, 'idempotency-key': 'fuzz-ids' } },
      ),
  },
  {
    route: 'POST /admin-api/rentals/:id/invoices/:number/payments',
    runs: 250,
    probes: async () =>
      withIds(
        bodyProbes(
          fc.tuple(rentalId, invoiceNumber).map(([id, n]) => `/admin-api/rentals/${id}/invoices/${n}/payments`),
          '/admin-api/rentals/{rental:billed}/invoices/{invoice:owed}/payments',
          [{ method: 'cheque', reference: '1042', amount_cents: 100 }, { method: 'etransfer', reference: 'CA1234' }],
          {
            fixedHeaders: { ...adminAuth, 'idempotency-key': 'fuzz-sweep' },
            headers: fc.tuple(adminHeaders, idempotencyHeaders).map(([auth, key]) => ({ ...auth, ...key })),
            extraValues: { amount_cents: ['0', '-1', '1.5', '99999999999', '"100"', 'null'], method: ['"card"', '"pad"', '"CHEQUE"', '""'], reference: ['""', '"   "', `"${'r'.repeat(101)}"`, '"\\u0000"'] },
          },
        ),
        'POST',
        (id) => `/admin-api/rentals/${id}/invoices/{invoice:owed}/payments`,
        rentalRefs,
        { headers: { ...adminAuth, 'idempotency-key': 'fuzz-ids' }, body: JSON.stringify({ method: 'cheque', reference: '1' , amount_cents: 1 }) },
      ),
  },
  {
    route: 'POST /admin-api/rentals/:id/invoices/:number/pad-return',
    runs: 150,
    probes: async () =>
      withIds(
        bodyProbes(
          fc.tuple(rentalId, invoiceNumber).map(([id, n]) => `/admin-api/rentals/${id}/invoices/${n}/pad-return`),
          '/admin-api/rentals/{rental:billed}/invoices/{invoice:owed}/pad-return',
          [{ code: '901' }, { code: '905' }],
          {
            fixedHeaders: adminAuth,
            headers: adminHeaders,
            extraValues: { code: ['"904"', '"NSF"', '901', '""', 'null', '"9010"'] },
          },
        ),
        'POST',
        (id) => `/admin-api/rentals/${id}/invoices/{invoice:owed}/pad-return`,
        rentalRefs,
        { headers: adminAuth, body: JSON.stringify({ code: '901' }) },
      ),
  },
  {
    route: 'POST /admin-api/rentals/:id/deposits/:deposit/return',
    runs: 150,
    probes: async () =>
      withIds(
        bodyProbes(
          fc.tuple(rentalId, fc.oneof(fc.uuid().map(String), idSegment)).map(([id, d]) => `/admin-api/rentals/${id}/deposits/${d}/return`),
          '/admin-api/rentals/{rental:billed}/deposits/00000000-0000-4000-8000-000000000000/return',
          [{ returned_cents: 100 }, { returned_cents: 0, deduction_reason: 'Damage' }],
          {
            fixedHeaders: adminAuth,
            headers: adminHeaders,
            extraValues: { returned_cents: ['-1', '1.5', '"100"', 'null', '99999999999'], deduction_reason: ['""', '"   "', `"${'r'.repeat(501)}"`, '"\\u0000"', '12'] },
          },
        ),
        'POST',
        (id) => `/admin-api/rentals/${id}/deposits/00000000-0000-4000-8000-000000000000/return`,
        rentalRefs,
        { headers: adminAuth, body: JSON.stringify({ returned_cents: 1 }) },
      ),
  },
  {
    route: 'POST /admin-api/rentals/:id/pad-revocation',
    runs: 150,
    probes: async () =>
      withIds(
        bodyProbes(rentalId.map((id) => `/admin-api/rentals/${id}/pad-revocation`), '/admin-api/rentals/{rental:billed}/pad-revocation', [{ received_on: '2026-11-20' }, { received_on: '2026-11-23' }], {
          fixedHeaders: adminAuth,
          headers: adminHeaders,
          extraValues: { received_on: ['"2026-11-24"', '"2026-02-30"', '"20261120"', '""', 'null', '"9999-99-99"'] },
        }),
        'POST',
        (id) => `/admin-api/rentals/${id}/pad-revocation`,
        rentalRefs,
        { headers: adminAuth, body: JSON.stringify({ received_on: '2026-11-20' }) },
      ),
  },
  {
    route: 'POST /admin-api/rentals/:id/end',
    runs: 150,
    probes: async () =>
      withIds(
        bodyProbes(rentalId.map((id) => `/admin-api/rentals/${id}/end`), '/admin-api/rentals/{rental:billed}/end', [{ mode: 'now', reason: 'fuzz' }, { mode: 'notice' }], {
          fixedHeaders: { ...adminAuth, 'idempotency-key': 'fuzz-sweep' },
          headers: fc.tuple(adminHeaders, idempotencyHeaders).map(([auth, key]) => ({ ...auth, ...key })),
          extraValues: { mode: ['"NOTICE"', '"later"', '""', 'null'] },
        }),
        'POST',
        (id) => `/admin-api/rentals/${id}/end`,
        rentalRefs,
        { headers: { ...adminAuth, 'idempotency-key': 'fuzz-ids' }, body: JSON.stringify({ mode: 'now', reason: 'fuzz' }) },
      ),
  },
  {
    route: 'GET /admin-api/mail',
    runs: 200,
    probes: async () =>
      queryProbes(
        fc.constant('/admin-api/mail'),
        {
          limit,
          status: { example: 'failed', valid: fc.constantFrom('pending', 'sent', 'failed'), odd: ['FAILED', 'failed%00', 'failed,sent', 'failed ', 'lost'] },
          cursor: cursor('mail'),
        },
        { sweepPath: '/admin-api/mail', headers: adminAuth },
      ),
  },
  {
    route: 'POST /admin-api/mail/:id/retry',
    runs: 150,
    probes: async () =>
      withIds(
        {
          random: fc
            .record({ id: fc.oneof(fc.constantFrom('{mail:pending}', '{mail:sent}'), idSegment), headers: adminHeaders, body: fc.option(sent(wholeBody), { nil: undefined }) })
            .map(({ id, headers, body }) => new Probe('POST', `/admin-api/mail/${id}/retry`, { ...body?.headers, ...headers }, body?.body, body?.note ?? 'no body')),
        },
        'POST',
        (id) => `/admin-api/mail/${id}/retry`,
        ['{mail:pending}', '{mail:sent}'],
        { headers: adminAuth },
      ),
  },
  {
    route: 'GET /public-api/test-checkout.css',
    runs: 30,
    probes: async () => queryProbes(fc.constant('/public-api/test-checkout.css'), {}),
  },
  {
    route: 'GET /public-api/test-checkout/:sessionId',
    runs: 150,
    probes: async () => withIds(queryProbes(sessionId.map((id) => `/public-api/test-checkout/${id}`), {}), 'GET', (id) => `/public-api/test-checkout/${id}`, sessionRefs),
  },
  {
    route: 'POST /public-api/test-checkout/:sessionId/pay',
    runs: 150,
    probes: async () => withIds({ random: formPosts(sessionId.map((id) => `/public-api/test-checkout/${id}/pay`)) }, 'POST', (id) => `/public-api/test-checkout/${id}/pay`, sessionRefs),
  },
  {
    route: 'POST /public-api/test-checkout/:sessionId/cancel',
    runs: 150,
    probes: async () => withIds({ random: formPosts(sessionId.map((id) => `/public-api/test-checkout/${id}/cancel`)) }, 'POST', (id) => `/public-api/test-checkout/${id}/cancel`, sessionRefs),
  },
  ...(['offers', 'declines'] as const).map((kind) => ({
    route: `GET /public-api/waitlist/${kind}/:token`,
    runs: 120,
    probes: async () => {
      const refs = kind === 'offers' ? claimRefs : declineRefs;
      return withIds(queryProbes(waitlistToken(refs).map((token) => `/public-api/waitlist/${kind}/${token}`), {}), 'GET', (token) => `/public-api/waitlist/${kind}/${token}`, refs);
    },
  })),
  {
    route: 'POST /public-api/waitlist/declines/:token',
    runs: 120,
    probes: async () =>
      withIds(
        {
          random: fc
            .record({ token: waitlistToken(declineRefs), body: fc.option(sent(wholeBody), { nil: undefined }) })
            .map(({ token, body }) => new Probe('POST', `/public-api/waitlist/declines/${token}`, body?.headers ?? {}, body?.body, body?.note ?? 'no body')),
        },
        'POST',
        (token) => `/public-api/waitlist/declines/${token}`,
        declineRefs,
      ),
  },
  {
    route: 'GET /public-api/waitlist/entries/:token',
    runs: 100,
    probes: async () =>
      withIds(queryProbes(waitlistToken(leaveRefs).map((token) => `/public-api/waitlist/entries/${token}`), {}), 'GET', (token) => `/public-api/waitlist/entries/${token}`, leaveRefs),
  },
  {
    route: 'POST /public-api/waitlist/entries/:token/leave',
    runs: 100,
    probes: async () =>
      withIds(
        {
          random: fc
            .record({ token: waitlistToken(leaveRefs), body: fc.option(sent(wholeBody), { nil: undefined }) })
            .map(({ token, body }) => new Probe('POST', `/public-api/waitlist/entries/${token}/leave`, body?.headers ?? {}, body?.body, body?.note ?? 'no body')),
        },
        'POST',
        (token) => `/public-api/waitlist/entries/${token}/leave`,
        leaveRefs,
      ),
  },
  {
    route: 'GET /admin-api/units/:id/waitlist',
    runs: 80,
    probes: async () =>
      withIds(queryProbes(queuedUnitId.map((id) => `/admin-api/units/${id}/waitlist`), {}, { headers: adminAuth }), 'GET', (id) => `/admin-api/units/${id}/waitlist`, ['{unit:queued}'], {
        headers: adminAuth,
      }),
  },
  {
    route: 'POST /admin-api/units/:id/waitlist/offer',
    runs: 150,
    probes: async () =>
      withIds(
        bodyProbes(queuedUnitId.map((id) => `/admin-api/units/${id}/waitlist/offer`), '/admin-api/units/{unit:waiting}/waitlist/offer', [{ entry_id: queuedUnits.entry }], {
          headers: adminHeaders,
          fixedHeaders: adminAuth,
          extraValues: { entry_id: ['0', '-1', '1.5', '2147483648', '"1"', 'null', String(queuedUnits.entry)] },
        }),
        'POST',
        (id) => `/admin-api/units/${id}/waitlist/offer`,
        ['{unit:waiting}'],
        { headers: adminAuth, body: '{}' },
      ),
  },
  ...(['pause', 'resume'] as const).map((action) => ({
    route: `POST /admin-api/units/:id/waitlist/${action}`,
    runs: 80,
    probes: async () =>
      withIds(
        {
          random: fc
            .record({ id: queuedUnitId, headers: adminHeaders, body: fc.option(sent(wholeBody), { nil: undefined }) })
            .map(({ id, headers, body }) => new Probe('POST', `/admin-api/units/${id}/waitlist/${action}`, { ...body?.headers, ...headers }, body?.body, body?.note ?? 'no body')),
        },
        'POST',
        (id) => `/admin-api/units/${id}/waitlist/${action}`,
        ['{unit:queued}'],
        { headers: adminAuth },
      ),
  })),
  {
    route: 'POST /admin-api/waitlist/:id/skip',
    runs: 150,
    probes: async () =>
      withIds(
        bodyProbes(
          fc.oneof(fc.constant(`/admin-api/waitlist/${queuedUnits.entry}/skip`), idSegment.map((id) => `/admin-api/waitlist/${id}/skip`)),
          `/admin-api/waitlist/${queuedUnits.entry}/skip`,
          [{ unit_id: queuedUnits.queued }, { unit_id: queuedUnits.waiting }],
          {
            headers: adminHeaders,
            fixedHeaders: adminAuth,
            extraValues: { unit_id: ['0', '-1', '1.5', '2147483648', '"1"', 'null', String(queuedUnits.queued)] },
          },
        ),
        'POST',
        (id) => `/admin-api/waitlist/${id}/skip`,
        ['{entry:kept}'],
        { headers: adminAuth, body: JSON.stringify({ unit_id: queuedUnits.queued }) },
      ),
  },
  {
    route: 'GET /admin-api/waitlist',
    runs: 200,
    probes: async () =>
      queryProbes(fc.constant('/admin-api/waitlist'), { limit, cursor: cursor('waitlist') }, { sweepPath: '/admin-api/waitlist', headers: adminAuth }),
  },
  {
    route: 'GET /admin-api/orders',
    runs: 200,
    probes: async () =>
      queryProbes(
        fc.constant('/admin-api/orders'),
        {
          limit,
          status: {
            example: 'paid',
            valid: fc.constantFrom('pending', 'paid', 'cancelled', 'expired', 'failed', 'refund_pending', 'refunded'),
            odd: ['PAID', 'Paid', 'paid%00', 'paid,pending', 'paid ', 'unknown'],
          },
          cursor: cursor('orders'),
          product: { example: 'conference_room', valid: fc.constantFrom('conference_room', 'office_daily', 'mailbox', 'standard', 'none_such'), odd: ['CONFERENCE', 'a'.repeat(41), 'mail-box', 'mailbox%00'] },
          from: { example: '2026-11-01', valid: nearDate(0, 90), odd: impossibleDates },
          to: { example: '2026-12-31', valid: nearDate(0, 90), odd: impossibleDates },
        },
        { sweepPath: '/admin-api/orders', headers: adminAuth },
      ),
  },
  {
    route: 'GET /admin-api/lease-offers',
    runs: 30,
    probes: async () => queryProbes(fc.constant('/admin-api/lease-offers'), {}, { headers: adminAuth }),
  },
  {
    route: 'POST /admin-api/lease-offers',
    runs: 300,
    probes: async () => adminOfferProbes(),
  },
  {
    // An offer named by its code (the command line) or by its number (the console).
    route: 'POST /admin-api/lease-offers/:id/expire',
    runs: 250,
    probes: async () =>
      withIds(
        {
          random: fc
            .record({
              code: fc.oneof(fc.constantFrom('{offer:fresh}', '{offer:signed}', '{offer:expired}', '{offerId:fresh}'), offerCode, offerNumber),
              headers: adminHeaders,
              body: fc.option(sent(wholeBody), { nil: undefined }),
            })
            .map(({ code, headers, body }) => new Probe('POST', `/admin-api/lease-offers/${code}/expire`, { ...body?.headers, ...headers }, body?.body, body?.note ?? 'no body')),
        },
        'POST',
        (code) => `/admin-api/lease-offers/${code}/expire`,
        ['{offer:fresh}', '{offer:signed}', '{offer:expired}', ...offerNumberRefs, '{offerId:fresh}'],
        { headers: adminAuth },
      ),
  },
  {
    route: 'GET /admin-api/units',
    runs: 30,
    probes: async () => queryProbes(fc.constant('/admin-api/units'), {}, { headers: adminAuth }),
  },
  {
    route: 'POST /admin-api/units',
    runs: 250,
    probes: async () =>
      bodyProbes(fc.constant('/admin-api/units'), '/admin-api/units', [unitBase, { ...unitBase, office_id: 'FUZZ-B', base_monthly_rate: null, location_code: null, seating_capacity: null, next_available_date: '2026-12-13', service_code: null }], {
        headers: adminHeaders,
        fixedHeaders: adminAuth,
        extraValues: unitValues,
      }),
  },
  {
    route: 'PATCH /admin-api/units/:id',
    runs: 250,
    probes: async () => {
      // Only the fuzz's own unit is edited: the demo units stay as the other endpoints' fuzzers and the last test need them.
      const { service_type: _type, office_id: _code, ...fields } = unitBase;
      return withIds(
        bodyProbes(staffUnitId.map((id) => `/admin-api/units/${id}`), '/admin-api/units/{unit:edited}', [fields, { base_monthly_rate: '1200.50' }, { is_available: false, next_available_date: '2027-01-04' }], {
          method: 'PATCH',
          headers: adminHeaders,
          fixedHeaders: adminAuth,
          extraValues: unitValues,
        }),
        'PATCH',
        (id) => `/admin-api/units/${id}`,
        ['{unit:edited}'],
        { headers: adminAuth, body: JSON.stringify({ name: 'Fuzz unit' }) },
      );
    },
  },
  {
    route: 'POST /admin-api/units/:id/retire',
    runs: 100,
    probes: async () =>
      withIds(
        {
          random: fc
            .record({ id: fc.oneof(fc.constant('{unit:fresh}'), staffUnitId), headers: adminHeaders, body: fc.option(sent(wholeBody), { nil: undefined }) })
            .map(({ id, headers, body }) => new Probe('POST', `/admin-api/units/${id}/retire`, { ...body?.headers, ...headers }, body?.body, body?.note ?? 'no body')),
        },
        'POST',
        (id) => `/admin-api/units/${id}/retire`,
        ['{unit:fresh}'],
        { headers: adminAuth },
      ),
  },
  {
    route: 'GET /admin-api/calendar',
    runs: 150,
    probes: async () =>
      queryProbes(
        fc.constant('/admin-api/calendar'),
        {
          month: {
            example: '2026-12',
            valid: fc.tuple(fc.integer({ min: 2024, max: 2028 }), fc.integer({ min: 1, max: 12 })).map(([y, m]) => `${y}-${twoDigits(m)}`),
            odd: ['2026-13', '2026-00', '2026-1', '202612', '2026-12-01', '0000-01', '9999-12', '-2026-12', '2026-12%00', '2026-%31%32'],
          },
        },
        { sweepPath: '/admin-api/calendar', headers: adminAuth },
      ),
  },
  {
    route: 'GET /admin-api/orders/:id',
    runs: 100,
    probes: async () => withIds(queryProbes(orderId.map((id) => `/admin-api/orders/${id}`), {}, { headers: adminAuth }), 'GET', (id) => `/admin-api/orders/${id}`, orderRefs, { headers: adminAuth }),
  },
  {
    route: 'GET /admin-api/orders/:id/receipt.pdf',
    runs: 100,
    probes: async () =>
      withIds(queryProbes(orderId.map((id) => `/admin-api/orders/${id}/receipt.pdf`), {}, { headers: adminAuth }), 'GET', (id) => `/admin-api/orders/${id}/receipt.pdf`, orderRefs, { headers: adminAuth }),
  },
  {
    route: 'POST /admin-api/orders/:id/cancel',
    runs: 250,
    probes: async () =>
      withIds(
        bodyProbes(orderId.map((id) => `/admin-api/orders/${id}/cancel`), '/admin-api/orders/{order:days}/cancel', [{ dates: ['2026-12-03'] }, { dates: ['2026-12-04', '2026-12-05'] }], {
          fixedHeaders: { ...adminAuth, 'idempotency-key': 'fuzz-sweep' },
          headers: fc.tuple(adminHeaders, idempotencyHeaders).map(([auth, key]) => ({ ...auth, ...key })),
          extraValues: {
            dates: ['["2026-12-06","2026-12-06"]', '["2026-12-07","2026-12-06"]', '["2026-11-23"]', '["2026-02-30"]', `[${Array.from({ length: 401 }, () => '"2026-12-03"').join(',')}]`, '[]', '["2026-12-03T00:00:00Z"]'],
          },
        }),
        'POST',
        (id) => `/admin-api/orders/${id}/cancel`,
        orderRefs,
        { headers: { ...adminAuth, 'idempotency-key': 'fuzz-ids' }, body: JSON.stringify({ dates: ['2026-12-03'] }) },
      ),
  },
  {
    route: 'POST /admin-api/waitlist/:id/contacted',
    runs: 100,
    probes: async () =>
      withIds(
        {
          random: fc
            .record({ id: fc.oneof(fc.constant('{entry:kept}'), idSegment), headers: adminHeaders, body: fc.option(sent(wholeBody), { nil: undefined }) })
            .map(({ id, headers, body }) => new Probe('POST', `/admin-api/waitlist/${id}/contacted`, { ...body?.headers, ...headers }, body?.body, body?.note ?? 'no body')),
        },
        'POST',
        (id) => `/admin-api/waitlist/${id}/contacted`,
        ['{entry:kept}'],
        { headers: adminAuth },
      ),
  },
  {
    route: 'DELETE /admin-api/waitlist/:id',
    runs: 100,
    probes: async () =>
      withIds(
        {
          random: fc
            .record({ id: fc.oneof(fc.constant('{entry:fresh}'), idSegment), headers: adminHeaders, body: fc.option(sent(wholeBody), { nil: undefined }) })
            .map(({ id, headers, body }) => new Probe('DELETE', `/admin-api/waitlist/${id}`, { ...body?.headers, ...headers }, body?.body, body?.note ?? 'no body')),
        },
        'DELETE',
        (id) => `/admin-api/waitlist/${id}`,
        ['{entry:fresh}'],
        { headers: adminAuth },
      ),
  },
  {
    route: 'GET /admin-api/lease-offers/:id',
    runs: 100,
    probes: async () =>
      withIds(queryProbes(offerNumber.map((id) => `/admin-api/lease-offers/${id}`), {}, { headers: adminAuth }), 'GET', (id) => `/admin-api/lease-offers/${id}`, offerNumberRefs, { headers: adminAuth }),
  },
  {
    route: 'GET /admin-api/lease-offers/:id/agreement.pdf',
    runs: 60,
    probes: async () =>
      withIds(
        queryProbes(offerNumber.map((id) => `/admin-api/lease-offers/${id}/agreement.pdf`), {}, { headers: adminAuth }),
        'GET',
        (id) => `/admin-api/lease-offers/${id}/agreement.pdf`,
        offerNumberRefs,
        { headers: adminAuth },
      ),
  },
  {
    route: 'POST /admin-api/lease-offers/:id/resend',
    runs: 100,
    probes: async () =>
      withIds(
        {
          random: fc
            .record({ id: fc.oneof(fc.constant('{offerId:fresh}'), offerNumber), headers: adminHeaders, body: fc.option(sent(wholeBody), { nil: undefined }) })
            .map(({ id, headers, body }) => new Probe('POST', `/admin-api/lease-offers/${id}/resend`, { ...body?.headers, ...headers }, body?.body, body?.note ?? 'no body')),
        },
        'POST',
        (id) => `/admin-api/lease-offers/${id}/resend`,
        [...offerNumberRefs, '{offerId:fresh}'],
        { headers: adminAuth },
      ),
  },
  {
    route: 'POST /admin-api/session',
    runs: 150,
    probes: async () =>
      bodyProbes(fc.constant('/admin-api/session'), '/admin-api/session', [{ email: staffSignIn.email, password: staffSignIn.password }, { email: 'nobody@example.com', password: 'x' }], {
        fixedHeaders: { origin },
        headers: fc.oneof(fc.constant({}), headerValue.map((cookie) => ({ cookie })), headerValue.map((o) => ({ origin: o }))),
        extraValues: { email: [`"${staffSignIn.email.toUpperCase()}"`, '" staff@example.com "', `"${'a'.repeat(250)}@example.com"`], password: [`"${'p'.repeat(201)}"`, `"${'p'.repeat(200)}"`] },
      }),
  },
  {
    route: 'GET /admin-api/session',
    runs: 50,
    probes: async () => ({
      random: fc
        .record({ headers: fc.oneof(adminHeaders, headerValue.map((cookie) => ({ cookie })), headerValue.map((v) => ({ cookie: `__Host-staff=${v}` }))), xff })
        .map(({ headers, xff: forwarded }) => new Probe('GET', '/admin-api/session', withXff(headers, forwarded), undefined, 'session check')),
    }),
  },
  {
    route: 'DELETE /admin-api/session',
    runs: 50,
    probes: async () => ({
      random: fc
        .record({ headers: fc.oneof(adminHeaders, headerValue.map((cookie) => ({ cookie, origin })), headerValue.map((o) => ({ origin: o }))), body: fc.option(sent(wholeBody), { nil: undefined }) })
        .map(({ headers, body }) => new Probe('DELETE', '/admin-api/session', { ...body?.headers, ...headers }, body?.body, body?.note ?? 'no body')),
    }),
  },
  {
    route: 'POST /admin-api/session/password',
    runs: 150,
    probes: async () =>
      bodyProbes(fc.constant('/admin-api/session/password'), '/admin-api/session/password', [{ token: 'A'.repeat(43), password: 'a long enough password' }], {
        fixedHeaders: { origin },
        extraValues: { token: ['"' + 'a'.repeat(42) + '"', '"' + 'a'.repeat(44) + '"', '"' + '-'.repeat(43) + '"'], password: [`"${'p'.repeat(11)}"`, `"${'p'.repeat(201)}"`] },
      }),
  },
  {
    // Each answer with the token is the whole database (PGlite's tarball, or the PostgreSQL refusal): few runs.
    route: 'GET /admin-api/backup',
    runs: 12,
    probes: async () => {
      const paths = fc.constantFrom('/admin-api/backup', '/admin-api/backup/', '/admin-api/backup%00');
      return { random: fc.tuple(paths, adminHeaders).map(([path, headers]) => new Probe('GET', path, headers, undefined, 'backup')), sweep: [] };
    },
  },
  ...(['report', 'documents', 'money', 'deposits', 'occupancy', ...booksDownloads] as const).map((path) => ({
    route: `GET /admin-api/books/${path}`,
    // The ZIP draws every PDF of the range it is asked for: fewer runs.
    runs: path === 'documents.zip' ? 15 : 60,
    probes: async () =>
      queryProbes(
        fc.constant(`/admin-api/books/${path}`),
        {
          from: { example: '2026-11-01', valid: booksDay, odd: oddBooksDays },
          to: { example: '2026-11-30', valid: booksDay, odd: oddBooksDays },
          ...(path === 'documents' ? { kind: { example: 'invoice', valid: fc.constantFrom('receipt', 'invoice', 'credit_note'), odd: ['receipts', '', 'INVOICE', 'invoice%00'] }, product: { example: 'standard', valid: fc.constantFrom('standard', 'office_lease', 'returned_debit_fee'), odd: ['x'.repeat(41), '%00', "'; drop table orders; --"] } } : {}),
          ...(path === 'money' ? { kind: { example: 'card', valid: fc.constantFrom('card', 'pad', 'recorded', 'returned', 'refund', 'refund_pending'), odd: ['cash', '', 'CARD', 'card%00'] } } : {}),
        },
        { sweepPath: `/admin-api/books/${path}`, headers: adminAuth },
      ),
  })),
  {
    route: 'GET /admin-api/books/receivables',
    runs: 20,
    probes: async () => queryProbes(fc.constant('/admin-api/books/receivables'), {}, { headers: adminAuth }),
  },
  {
    route: 'GET /admin-api/pad-files',
    runs: 30,
    probes: async () => queryProbes(fc.constant('/admin-api/pad-files'), {}, { headers: adminAuth }),
  },
  {
    route: 'POST /admin-api/pad-files',
    runs: 150,
    probes: async () =>
      bodyProbes(fc.constant('/admin-api/pad-files'), '/admin-api/pad-files', [{ payment_date: '2026-12-03' }, { payment_date: '2026-12-04' }], {
        headers: adminHeaders,
        fixedHeaders: adminAuth,
        extraValues: { payment_date: ['"2026-12-05"', '"2026-02-30"', '"2025-01-01"', '"2026-12-3"', '"20261203"', '"9999-12-31"', 'null', '20261203'] },
      }),
  },
  {
    route: 'POST /admin-api/pad-files/returns',
    runs: 150,
    probes: async () => {
      // A return file of one returned debit at Standard 005's positions, then that file cut, mutated, mislabelled.
      const record = (fields: [number, string][]) => {
        const chars = Array.from({ length: 1464 }, () => ' ');
        for (const [from, text] of fields) for (let i = 0; i < text.length; i++) chars[from - 1 + i] = text[i]!;
        return chars.join('');
      };
      const control: [number, string][] = [[11, 'CWK0012345'], [21, '0001']];
      const returnFile = [
        record([[1, 'A'], [2, '000000001'], ...control, [25, '026345'], [31, '00310'], [56, 'CAD']]),
        record([[1, 'J'], [2, '000000002'], ...control, [25, '9010000403440026337081510482'], [53, '7301946'], [87, '402'], [175, 'F-2026-000001']]),
        record([[1, 'Z'], [2, '000000003'], ...control, [25, '00000000403440'], [39, '00000001'], [47, '0'.repeat(22)]]),
      ].join('\r\n');
      const files = fc.oneof(
        { weight: 3, arbitrary: fc.tuple(fc.nat({ max: returnFile.length - 1 }), fc.string({ unit: 'binary', maxLength: 3 })).map(([at, text]) => ({ text: returnFile.slice(0, at) + text + returnFile.slice(at + text.length), note: `file changed at ${at}` })) },
        { weight: 1, arbitrary: fc.nat({ max: returnFile.length }).map((at) => ({ text: returnFile.slice(0, at), note: `file cut at ${at}` })) },
        { weight: 1, arbitrary: fc.constantFrom('\n', '\r', '', '\u0085', '\u2028').map((sep) => ({ text: returnFile.split('\r\n').join(sep), note: `records joined by ${JSON.stringify(sep)}` })) },
        { weight: 2, arbitrary: wholeBody },
      );
      const contentTypes = fc.constantFrom('text/plain', 'text/plain; charset=us-ascii', 'application/octet-stream', 'application/json', 'multipart/form-data; boundary=x', '');
      const probe = (text: string, type: string, headers: Record<string, string>, note: string) => new Probe('POST', '/admin-api/pad-files/returns', { ...headers, ...(type ? { 'content-type': type } : {}) }, text, note);
      return {
        random: fc.record({ file: files, type: contentTypes, headers: adminHeaders }).map(({ file, type, headers }) => probe(file.text, type, headers, file.note)),
        sweep: [returnFile, returnFile + returnFile, returnFile.repeat(60), ...rawBodies].map((text, i) => probe(text, 'text/plain', adminAuth, `sweep ${i}`)),
      };
    },
  },
  {
    route: 'GET /admin-api/pad-files/:id/download',
    runs: 100,
    probes: async () =>
      withIds(
        { random: fc.oneof(fc.constant('{pad:made}'), fc.uuid().map(String), idSegment).map((id) => new Probe('GET', `/admin-api/pad-files/${id}/download`, adminAuth, undefined, 'download')) },
        'GET',
        (id) => `/admin-api/pad-files/${id}/download`,
        ['{pad:made}'],
        { headers: adminAuth },
      ),
  },
  {
    route: 'POST /admin-api/pad-files/void/:id',
    runs: 150,
    probes: async () =>
      withIds(
        bodyProbes(
          fc.oneof(fc.constant('{pad:made}'), fc.uuid().map(String), idSegment).map((id) => `/admin-api/pad-files/void/${id}`),
          '/admin-api/pad-files/void/{pad:made}',
          [{ reason: 'Rejected by the bank' }, { reason: 'Never sent' }],
          { headers: adminHeaders, fixedHeaders: adminAuth, extraValues: { reason: ['""', '"  "', `"${'r'.repeat(500)}"`, `"${'r'.repeat(501)}"`, '"\\u0000"', 'null'] } },
        ),
        'POST',
        (id) => `/admin-api/pad-files/void/${id}`,
        ['{pad:made}'],
        { headers: adminAuth, body: JSON.stringify({ reason: 'fuzz' }) },
      ),
  },
  {
    route: 'GET /admin-api/staff',
    runs: 30,
    probes: async () => queryProbes(fc.constant('/admin-api/staff'), {}, { headers: adminAuth }),
  },
  {
    route: 'POST /admin-api/staff',
    runs: 150,
    probes: async () =>
      bodyProbes(fc.constant('/admin-api/staff'), '/admin-api/staff', [{ email: 'new.staff@example.com', name: 'New Staff', password: 'a long enough password' }, { email: 'link.staff@example.com' }], {
        headers: adminHeaders,
        fixedHeaders: adminAuth,
        extraValues: { email: [`"${staffSignIn.email}"`, `"${staffSignIn.email.toUpperCase()}"`, '"a@b"'], name: ['null', '""', `"${'n'.repeat(121)}"`] },
      }),
  },
  ...(['disable', 'reset'] as const).map((action) => ({
    route: `POST /admin-api/staff/:id/${action}`,
    runs: 100,
    probes: async () => {
      const probes = withIds(
        {
          random: fc
            .record({ id: fc.oneof(fc.constant('{staff:fuzz}'), staffKeyOdd, idSegment), headers: adminHeaders, body: fc.option(sent(wholeBody), { nil: undefined }) })
            .map(({ id, headers, body }) => new Probe('POST', `/admin-api/staff/${id}/${action}`, { ...body?.headers, ...headers }, body?.body, body?.note ?? 'no body')),
        },
        'POST',
        (id) => `/admin-api/staff/${id}/${action}`,
        ['{staff:fuzz}'],
        { headers: adminAuth },
      );
      // What a path's account key must never reach the database as (36 dashes passed an id's old pattern).
      const odd = staffKeyOdds.map((id) => new Probe('POST', `/admin-api/staff/${id}/${action}`, adminAuth, undefined, `sweep: account ${id.slice(0, 40)}`));
      return { random: probes.random, sweep: [...probes.sweep, ...odd] };
    },
  })),
  {
    route: 'POST /admin-api/staff/:id/role',
    runs: 100,
    probes: async () =>
      bodyProbes(
        fc.oneof(fc.constant('{staff:fuzz}'), staffKeyOdd, idSegment).map((id) => `/admin-api/staff/${id}/role`),
        '/admin-api/staff/{staff:fuzz}/role',
        [{ role: 'manager' }, { role: 'staff' }],
        { headers: adminHeaders, fixedHeaders: adminAuth, extraValues: { role: ['"owner"', '"Manager"', '""', 'null', '1'] } },
      ),
  },
  {
    route: 'GET /*',
    runs: 300,
    probes: async () => ({ random: anyPath() }),
  },
];

/** POST /admin-api/lease-offers: the staff token is part of every sweep request. */
function adminOfferProbes() {
  const bases: Json[] = [
    {
      email: 'tenant@example.com',
      company_name: 'Acme Analytics inc.',
      contact_name: 'Jeanne Tremblay',
      office_ids: ['OFF-101', 'OFF-102'],
      start_date: '2026-12-01',
      monthly_rate: 1200,
      monthly_discount: 50,
      signup_discount: 100.5,
      lease_term_months: 12,
      move_in_fee_type: 'fixed_amount',
      move_in_fee_amount: 500,
      expires_at: '2026-12-31T23:00:00-05:00',
    },
    { email: 'tenant@example.com', office_ids: [1], start_date: '2026-12-01', lease_term_months: '24', monthly_rate: '1200.50', expires_at: '2026-12-31' },
  ];
  return bodyProbes(fc.constant('/admin-api/lease-offers'), '/admin-api/lease-offers', bases, {
    headers: adminHeaders,
    fixedHeaders: adminAuth,
    extraValues: {
      office_ids: ['[2147483648]', '[9007199254740991]', '[1e308]', '["OFF-101",1]', '[" OFF-101 "]', '[0]', `[${Array.from({ length: 20 }, (_, i) => i + 1).join(',')}]`],
      move_in_fee_type: ['"fixed_amount"', '"monthly_rate"', '"none"', '"FIXED"'],
      expires_at: ['"2026-11-23T14:00:00Z"', '"2026-11-23T13:59:59.999Z"', '"+275760-09-13T00:00:00Z"', '"2026-11-23T14:00:01+14:00"', '"9999-12-31"', '"2026-02-30T00:00:00Z"'],
      lease_term_months: ['"12"', '" 12 "', '"1e1"', '"0x0c"', '120', '121', '"Infinity"'],
      email: ['"a@b.c"', '"a@b"', '"a\\u0000@b.co"', `"${'a'.repeat(64)}@${'b'.repeat(250)}.com"`, '"\\"quoted\\"@example.com"'],
    },
  });
}

/** The test checkout's buttons post a form; fuzzed with any body. */
function formPosts(paths: fc.Arbitrary<string>) {
  return fc
    .record({ path: paths, body: fc.option(sent(wholeBody), { nil: undefined }), xff })
    .map(({ path, body, xff: forwarded }) => new Probe('POST', path, withXff(body?.headers ?? {}, forwarded), body?.body, body?.note ?? 'no body'));
}

const limit: QueryParam = {
  example: '2',
  valid: fc.integer({ min: 1, max: 1000 }).map(String),
  odd: ['1001', '0', '-1', '1.5', '1e3', '0x10', '%205', '5%20', 'NaN', 'Infinity', '-Infinity', '99999999999999999999', '1e308', '0001', '+5', '５'],
};

/** Cursors: one the server gave, base64url of positions right and wrong, and text that is none. */
function cursor(list: 'waitlist' | 'orders' | 'mail' | 'rentals'): QueryParam {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value) ?? '').toString('base64url');
  const positions =
    list === 'waitlist'
      ? fc.oneof(
          fc.constantFrom(1, 2, 2147483647, 2147483648, 9007199254740991, 1e308, 0, -1, 1.5).map((id) => ({ id })),
          fc.integer({ min: 1 }).map((id) => ({ id })),
          fc.anything().map((id) => ({ id })),
        )
      : fc.oneof(
          fc
            .tuple(dateText, fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.constantFrom('x', '', 'a'.repeat(64), '\u0000', "'"))
            .map(([d, h, m, s, id]) => ({ at: `${d.slice(0, 10)}T${twoDigits(h)}:${twoDigits(m)}:${twoDigits(s)}.000000Z`, id })),
          fc.constantFrom(
            { at: '2026-11-23T14:00:00.000000Z', id: '00000000-0000-0000-0000-000000000000' },
            { at: '2026-02-30T00:00:00.000000Z', id: 'x' },
            { at: '0000-01-01T00:00:00.000000Z', id: 'x' },
            { at: '9999-12-31T23:59:59.999999Z', id: 'x' },
            { at: '2026-11-23T24:00:00.000000Z', id: 'x' },
          ),
          fc.anything().map((at) => ({ at, id: 'x' })),
        );
  const odd =
    list === 'waitlist'
      ? [{ id: 2147483647 }, { id: 2147483648 }, { id: 9007199254740991 }, { id: 1e308 }, { id: 0 }, { id: -1 }, { id: 1.5 }, { id: '1' }, {}]
      : [
          { at: '2026-02-30T00:00:00.000000Z', id: 'x' },
          { at: '0000-01-01T00:00:00.000000Z', id: 'x' },
          { at: '9999-12-31T23:59:59.999999Z', id: 'x' },
          { at: '2026-11-23T24:00:00.000000Z', id: 'x' },
          { at: '2026-11-23T23:59:60.000000Z', id: 'x' },
          { at: '2026-11-23T14:00:00.000000Z', id: '\u0000' },
          { at: '2026-11-23T14:00:00.000000Z', id: 'a'.repeat(65) },
          { at: '2026-11-23T14:00:00Z', id: 'x' },
        ];
  return {
    example: `{cursor:${list}}`,
    valid: fc.constant(`{cursor:${list}}`),
    odd: [...odd.map(b64), 'e30', 'bnVsbA', 'W10', 'eyJpZCI6MX0=', 'a'.repeat(300), 'a'.repeat(301), '!!!!', '{cursor:' + list + '}x'],
    bad: fc.oneof(positions.map(b64), fc.anything().map(b64), fc.stringMatching(/^[A-Za-z0-9_-]{0,301}$/)),
  };
}

/** Paths of the static site and anything else: GET and HEAD mostly, with odd escapes. */
function anyPath() {
  const segment = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('', '.', '..', 'index.html', 'assets', 'app-abc123.js', 'sw.js', 'lease', 'conference', 'public-api', 'admin-api', 'test-checkout', 'favicon.ico', '%2e%2e', '.git', 'ñ', '%C3%B1') },
    { weight: 2, arbitrary: fc.constantFrom(...oddEscapes) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(percentEncode) },
    { weight: 2, arbitrary: fc.stringMatching(/^[\x21-\x7e]{0,20}$/).map((s) => s.replace(/[#?]/g, '')) },
    { weight: 1, arbitrary: fc.tuple(fc.stringMatching(/^[a-z]{0,8}$/), fc.constantFrom(...oddEscapes)).map((parts) => parts.join('')) },
  );
  const path = fc.oneof(
    { weight: 8, arbitrary: fc.array(segment, { minLength: 1, maxLength: 6 }).map((s) => `/${s.join('/')}`) },
    { weight: 1, arbitrary: fc.constantFrom(`/${'a'.repeat(10_000)}`, `/${'%2F'.repeat(3000)}`, '//', '///etc/passwd', '/\\..\\', '/assets/app-abc123.js%00', '/index.html%ZZ', '/%E0%A4%A') },
  );
  const headers = fc.record(
    { 'accept-encoding': fc.constantFrom('gzip', 'br', 'gzip, br', '*', 'identity;q=0', ''), 'if-none-match': headerValue, accept: headerValue, range: fc.constantFrom('bytes=0-10', 'bytes=-1', 'bytes=999999-') },
    { requiredKeys: [] },
  );
  return fc
    .record({
      method: fc.oneof({ weight: 8, arbitrary: fc.constantFrom('GET', 'HEAD') }, { weight: 1, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', 'POST', 'PROPFIND', 'get') }),
      path,
      query: fc.option(queries({}).random.map((q) => q.query), { nil: '' }),
      headers,
    })
    .map(({ method, path: p, query, headers: h }) => new Probe(method, `${p}${query}`, h, undefined, 'any path'));
}

// ---------------------------------------------------------------------------------------------

describe(`fuzzing every endpoint (${backend})`, () => {
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'coworking-fuzz-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head><style>body{margin:0}</style></head><body>${'x'.repeat(2000)}</body></html>`);
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('y'.repeat(3000))})`);
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(join(dir, 'ñ.txt'), 'accent');
    t = await buildTestApp({
      config: {
        rateLimits: { ...defaultRateLimits, browse: unlimited, leaseGuess: unlimited, offer: unlimited, checkout: unlimited },
        maxUnpaidHoldsPerClient: 1_000_000,
        metricsToken,
      },
      deps: { staticSite: new StaticSite(dir) },
    });
    // The server's error lines go on to stderr as ever, and to the report of the request that caused them.
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      if (text.includes('"level":"error"')) serverErrors.push(text.trim());
      return (writeStderr as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stderr.write;

    checkoutBases = await Promise.all([
      checkoutBody(t, 'OFF-102', { product: 'office_daily', dates: ['2026-11-24', '2026-11-25'] }, 'en'),
      checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-11-26' }, 'fr'),
      checkoutBody(t, 'MAILBOX-BASIC', { product: 'mailbox' }),
      checkoutBody(t, 'DAYPASS', { product: 'day_pass', date: '2026-11-24' }),
      checkoutBody(t, 'OFF-101', { product: 'office_monthly' }),
      checkoutBody(t, 'DSK-01', { product: 'standard' }),
    ]);
    const rentable = await t.db.selectFrom('offices').select('id').where('service_type', 'in', ['dedicated_office', 'assigned_desk']).orderBy('id').limit(2).execute();
    waitlistBase = waitlistEntryFor(rentable.map((r) => r.id)) as Json;
    signatureValues = signatureFuzz();
    units = await inventory(t);

    const mailbox = await checkoutBody(t, 'MAILBOX-SCAN', { product: 'mailbox' });
    const paid = (await checkoutOk(t, mailbox)).sessionId;
    expect((await payTestCheckout(t, paid)).status).toBe(303);
    const cancelled = (await checkoutOk(t, mailbox)).sessionId;
    expect((await t.app.request(`/public-api/test-checkout/${cancelled}/cancel`, { method: 'POST' })).status).toBe(303);
    const expired = (await createOffer(t)).code;
    expect((await t.app.request(`/admin-api/lease-offers/${expired}/expire`, { method: 'POST', headers: adminAuth })).status).toBe(200);
    const signed = await signedOffer(t);
    const cursorOf = async (list: string) => {
      const res = await t.app.request(`/admin-api/${list}?limit=1`, { headers: adminAuth });
      const { data } = (await res.json()) as { data: { next_cursor: string | null } };
      return data.next_cursor ?? Buffer.from(JSON.stringify({ id: 1 })).toString('base64url');
    };
    await t.app.request('/public-api/waitlist', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(waitlistBase) });
    await t.app.request('/public-api/waitlist', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(waitlistBase) });
    const newOffer = () => createOffer(t).then((o) => o.code);
    /** A paid order's manage token, as the success page gets it. */
    const manageToken = async (officeId: string, choice: ProductChoice) => {
      const { sessionId } = await checkoutOk(t, await checkoutBody(t, officeId, choice));
      expect((await payTestCheckout(t, sessionId)).status).toBe(303);
      const { manageToken: token } = (await (await t.app.request(`/public-api/orders/${sessionId}`)).json()) as { manageToken: string };
      return token;
    };
    const bookings = {
      room: await manageToken('CONF-A', { product: 'conference_room', date: '2026-12-10' }),
      days: await manageToken('OFF-101', { product: 'office_daily', dates: ['2026-11-30', '2026-12-01', '2026-12-02'] }),
      rental: await manageToken('MAILBOX-FORWARD', { product: 'mailbox' }),
      cancelled: await manageToken('CONF-A', { product: 'conference_room', date: '2026-12-11' }),
    };
    const cancelling = await t.app.request(`/public-api/bookings/${bookings.cancelled}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'fuzz-setup' },
      body: JSON.stringify({ dates: ['2026-12-11'] }),
    });
    expect(cancelling.status).toBe(200);
    // A rental billed for December (the billing round run ahead of the app's clock), its invoice owed: its card always asks for authentication.
    const billedSession = (await checkoutOk(t, await checkoutBody(t, 'DSK-02', { product: 'standard' }))).sessionId;
    expect((await payTestCheckout(t, billedSession, { ...testBuyer, card_number: '4000 0027 6000 3184' })).status).toBe(303);
    const billedToken = ((await (await t.app.request(`/public-api/orders/${billedSession}`)).json()) as { manageToken: string }).manageToken;
    await runBillingRound({ db: t.db, clock: () => new Date('2026-12-01T14:00:00Z'), payments: t.deps.payments, keyring: testBankingKeys });
    const billed = await t.db.selectFrom('invoices as i').innerJoin('rentals as r', 'r.id', 'i.rental_id').innerJoin('orders as o', 'o.id', 'r.order_id').select(['i.number', 'r.id']).where('o.session_id', '=', billedSession).executeTakeFirstOrThrow();
    const messageIds = (await t.db.selectFrom('outbox').select('id').orderBy('created_at').execute()).map((m) => m.id);
    await t.db.updateTable('outbox').set({ status: 'sent', sent_at: testNow }).where('id', '=', messageIds[1]!).execute();

    // The staff console's records: units of the fuzz's own, orders by id, waitlist entries, offers by number, a staff account.
    const staffPost = async (path: string, body: unknown) => {
      const res = await t.app.request(path, { method: 'POST', headers: { ...adminAuth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as { id: number; unit: { id: number }; account: { id: string } };
    };
    let unitCount = 0;
    // Each with codes of its own: no two units may answer to one code.
    const newUnit = async () => {
      const n = unitCount++;
      return String((await staffPost('/admin-api/units', { ...unitBase, office_id: `FUZZ-U${n}`, service_code: `FZ-U${n}` })).unit.id);
    };
    const orderOf = async (session: string) => (await t.db.selectFrom('orders').select('id').where('session_id', '=', session).executeTakeFirstOrThrow()).id;
    const { sessionId: daysSession } = await checkoutOk(t, await checkoutBody(t, 'OFF-102', { product: 'office_daily', dates: ['2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06', '2026-12-07'] }));
    expect((await payTestCheckout(t, daysSession)).status).toBe(303);
    const newEntry = async () => {
      const res = await t.app.request('/public-api/waitlist', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(waitlistBase) });
      return String(((await res.json()) as { id: number }).id);
    };
    const offerNumberOf = async (code: Promise<{ code: string }>) => String(((await code) as { id?: number }).id);
    const latestOffer = async () => String((await t.db.selectFrom('lease_offers').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).id);
    /** The PAD file of the signed offer's initial debit (due ten days after its signing). */
    const padFileOfSignedLease = async () => {
      const res = await t.app.request('/admin-api/pad-files', { method: 'POST', headers: { ...adminAuth, 'content-type': 'application/json' }, body: JSON.stringify({ payment_date: '2026-12-03' }) });
      expect(res.status).toBe(201);
      return ((await res.json()) as { file: { id: string } }).file.id;
    };
    const signedNumber = await (async () => {
      await signedOffer(t);
      return latestOffer();
    })();
    const expiredNumber = await offerNumberOf(createOffer(t));
    expect((await t.app.request(`/admin-api/lease-offers/${expiredNumber}/expire`, { method: 'POST', headers: adminAuth })).status).toBe(200);
    const staffAccount = (await staffPost('/admin-api/staff', staffSignIn)).account.id;

    // The waitlist's links and queues: units of the fuzz's own, occupied, each with two entries
    // waiting for it; offers made by marking one available (their links read back from the e-mails).
    const patchUnit = (id: string, body: unknown) => t.app.request(`/admin-api/units/${id}`, { method: 'PATCH', headers: { ...adminAuth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const queuedUnit = async () => {
      const id = await newUnit();
      expect((await patchUnit(id, { is_available: false, next_available_date: null })).status).toBe(200);
      const entries: number[] = [];
      for (const email of ['fuzz.one@example.com', 'fuzz.two@example.com']) {
        const res = await t.app.request('/public-api/waitlist', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...(waitlistBase as object), email, service_offering_ids: [Number(id)] }) });
        expect(res.status).toBe(201);
        entries.push(((await res.json()) as { id: number }).id);
      }
      return { id, entries };
    };
    // The clock stands still, so rows are told apart by what they are about, not by their time;
    // a message withdrawn before it went carries no links any more.
    const sealedOf = async (kind: string, about?: Record<string, unknown>) => {
      const row = await t.db
        .selectFrom('outbox')
        .select(['id', 'secret_encrypted'])
        .where('kind', '=', kind)
        .where('secret_encrypted', 'is not', null)
        .$if(about !== undefined, (q) => q.where(sql<boolean>`subject_ids @> ${JSON.stringify(about)}::jsonb`))
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      return openSecret(testBankingKeys, row.secret_encrypted!, row.id)!;
    };
    const offered = async () => {
      const { id } = await queuedUnit();
      expect((await patchUnit(id, { is_available: true, next_available_date: null })).status).toBe(200);
      const offer = await t.db.selectFrom('waitlist_offers').select('id').where('office_id', '=', Number(id)).where('status', '=', 'open').executeTakeFirstOrThrow();
      return JSON.parse(await sealedOf('waitlist_offer', { waitlistOfferId: String(offer.id) })) as { claim: string; decline: string };
    };
    const open = await offered();
    const closed = await offered();
    expect((await t.app.request(`/public-api/waitlist/declines/${closed.decline}`, { method: 'POST' })).status).toBe(200);
    const waiting = await queuedUnit();
    const queued = await queuedUnit();
    queuedUnits = { queued: Number(queued.id), waiting: Number(waiting.id), entry: queued.entries[0]! };
    const leaveToken = async () => {
      await newEntry();
      return sealedOf('waitlist_received');
    };

    pools = {
      'claim:open': fixed(open.claim),
      'claim:closed': fixed(closed.claim),
      'decline:open': pool(async () => (await offered()).decline),
      'decline:closed': fixed(closed.decline),
      'leave:kept': fixed(await leaveToken()),
      'leave:fresh': pool(leaveToken),
      'unit:queued': fixed(queued.id),
      'unit:waiting': pool(async () => (await queuedUnit()).id),
      'offer:new': pool(newOffer),
      'offer:ready': pool(async () => {
        const { code } = await createOffer(t);
        expect((await submitInfo(t, code)).status).toBe(200);
        return code;
      }),
      'offer:signed': fixed(signed),
      'offer:expired': fixed(expired),
      'offer:fresh': pool(newOffer),
      'session:pending': pool(async () => (await checkoutOk(t, mailbox)).sessionId),
      'session:paid': fixed(paid),
      'session:cancelled': fixed(cancelled),
      'cursor:waitlist': fixed(await cursorOf('waitlist')),
      'cursor:orders': fixed(await cursorOf('orders')),
      'cursor:mail': fixed(await cursorOf('mail')),
      // The outbox holds the paid order's and the waitlist entries' messages: one is sent here, the rest wait.
      'mail:pending': fixed(messageIds[0]!),
      'mail:sent': fixed(messageIds[1]!),
      'booking:room': fixed(bookings.room),
      'booking:days': fixed(bookings.days),
      'booking:rental': fixed(bookings.rental),
      'booking:cancelled': fixed(bookings.cancelled),
      // The signed offer's tenancy: its manage link, as the lease page gives it.
      'booking:tenancy': fixed((leaseOfferResponse.parse(await (await t.app.request(`/public-api/lease-offers/${signed}`)).json()).offer.manage_path ?? '').slice('/booking/'.length)),
      'booking:billed': fixed(billedToken),
      'rental:billed': fixed(billed.id),
      'invoice:owed': fixed(billed.number),
      'cursor:rentals': fixed(await cursorOf('rentals')),
      'unit:edited': fixed(await newUnit()),
      'unit:fresh': pool(newUnit),
      'order:paid': fixed(await orderOf(paid)),
      'order:cancelled': fixed(await orderOf(cancelled)),
      'order:days': fixed(await orderOf(daysSession)),
      'entry:kept': fixed(await newEntry()),
      'entry:fresh': pool(newEntry),
      'offerId:new': fixed(await offerNumberOf(createOffer(t))),
      'offerId:signed': fixed(signedNumber),
      'offerId:expired': fixed(expiredNumber),
      'offerId:fresh': pool(() => offerNumberOf(createOffer(t))),
      'staff:fuzz': fixed(staffAccount),
      'pad:made': fixed(await padFileOfSignedLease()),
    };
  });

  afterAll(async () => {
    process.stderr.write = writeStderr;
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has a fuzzer for every endpoint of the app', () => {
    const endpoints = new Set(t.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`));
    expect(new Set(fuzzers.map((f) => f.route))).toEqual(endpoints);
  });

  for (const fuzzer of fuzzers) {
    it(`never answers a 5xx nor hangs: ${fuzzer.route}`, { timeout: 120_000 }, async () => {
      const { random, sweep } = await fuzzer.probes();
      await fuzz(fuzzer.route, random, fuzzer.runs, sweep);
    });
  }

  it('still answers afterwards: the inventory, and a checkout that takes payment', async () => {
    const res = await t.app.request('/public-api/offices/available');
    expect(res.status).toBe(200);
    await checkoutOk(t, await checkoutBody(t, 'MAILBOX-PREMIUM', { product: 'mailbox' }));
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'CONF-B', { product: 'conference_room', date: '2026-12-08' }));
    expect((await payTestCheckout(t, sessionId)).status).toBe(303);
    const order = await t.app.request(`/public-api/orders/${sessionId}`);
    expect(order.status).toBe(200);
    expect(await order.json()).toMatchObject({ success: true, status: 'paid', bookingDates: ['2026-12-08'] });
  });
});
