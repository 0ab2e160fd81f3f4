import { inflateSync } from 'node:zlib';
import { defaultRateLimits } from '../../src/server/deps.ts';
import { sampleSignature } from '../../src/server/lease/signature-image.ts';
import { adminToken, buildTestApp, type TestApp } from './test-app.ts';

export const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };

/** Test apps with a lease limit no single test file reaches; the limit itself has its own tests. */
export function buildLeaseTestApp(options: Parameters<typeof buildTestApp>[0] = {}) {
  return buildTestApp({ ...options, config: { rateLimits: { ...defaultRateLimits, leaseGuess: { max: 100_000, windowMs: 60_000 } }, ...options.config } });
}

export const validBanking = { transit_number: '12345', institution_number: '003', account_number: '98765432101' };
export const signature = sampleSignature();
export const companyInfo = {
  company_name: 'Acme Analytics inc.',
  contact_name: 'Jeanne Tremblay',
  phone: '514-555-0100',
  address: '100 rue Sherbrooke Ouest',
  city: 'Montréal',
  province: 'QC',
  postal_code: 'H2X 1X2',
};

let officeCopies = 0;

/**
 * A unit like OFF-101 (its name, kind and list price), under a code of its own: signing takes
 * the units of an offer, so each offer of a test that names none gets a unit nobody else signs for.
 */
export async function officeLike101(t: TestApp): Promise<string> {
  const officeId = `OFF-1T${++officeCopies}`;
  const res = await t.app.request('/admin-api/units', {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({
      office_id: officeId,
      service_code: `DO-1T${officeCopies}`,
      name: 'Office 101 - Window',
      service_type: 'dedicated_office',
      location_code: 'F1-101',
      seating_capacity: 2,
      base_monthly_rate: '1200.00',
      is_available: true,
      next_available_date: null,
    }),
  });
  if (res.status !== 201) throw new Error(`unit not created: ${res.status} ${await res.text()}`);
  return officeId;
}

export async function createOffer(t: TestApp, overrides: Record<string, unknown> = {}): Promise<{ code: string; url: string }> {
  const res = await t.app.request('/admin-api/lease-offers', {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({
      email: 'tenant@example.com',
      office_ids: overrides.office_ids === undefined ? [await officeLike101(t)] : overrides.office_ids,
      start_date: '2026-12-01',
      monthly_rate: 1200,
      lease_term_months: 12,
      ...overrides,
    }),
  });
  if (res.status !== 201) throw new Error(`offer not created: ${res.status} ${await res.text()}`);
  return (await res.json()) as { code: string; url: string };
}

export function post(t: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function submitInfo(t: TestApp, code: string, info: Record<string, unknown> = companyInfo, headers: Record<string, string> = {}) {
  return post(t, `/public-api/lease-offers/${code}/submit-info`, info, headers);
}

export function sign(t: TestApp, code: string, body: Record<string, unknown> = { signature, banking: validBanking }, headers: Record<string, string> = {}) {
  return post(t, `/public-api/lease-offers/${code}/complete-signing`, body, headers);
}

/** An offer through info and signature, ready for its PDF. */
export async function signedOffer(t: TestApp, overrides: Record<string, unknown> = {}, info: Record<string, unknown> = companyInfo) {
  const { code } = await createOffer(t, overrides);
  const infoRes = await submitInfo(t, code, info);
  if (infoRes.status !== 200) throw new Error(`info refused: ${await infoRes.text()}`);
  const signRes = await sign(t, code, { signature, banking: validBanking }, { 'x-forwarded-for': '198.51.100.23', 'user-agent': 'Tablet Browser 1.0' });
  if (signRes.status !== 200) throw new Error(`signing refused: ${await signRes.text()}`);
  return code;
}

/**
 * The text a PDF shows: every content stream inflated, and the strings of its TJ / Tj operators
 * decoded (pdfkit writes the standard fonts' text as hex in Windows-1252).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streamPattern.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let data = pdf.subarray(start, end);
    if (/FlateDecode/.test(m[1] ?? '')) {
      try {
        data = inflateSync(data);
      } catch {
        continue;
      }
    }
    const content = data.toString('latin1');
    for (const op of content.matchAll(/\[((?:[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const parts = op[1] !== undefined ? Array.from(op[1].matchAll(/<([0-9a-fA-F]*)>/g), (p) => p[1] ?? '') : [op[2] ?? ''];
      texts.push(parts.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return texts.join('\n');
}
