import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import * as z from 'zod/mini';
import { defaultLeaseLanguage, leaseLanguage, leaseSteps, provinces, type LeaseLanguage, type LeaseStep } from '../../shared/contract/lease.ts';
import { idbStores } from '../../shared/storage-names.ts';
import { reportStorageProblem, askForPersistentStorage } from './local.ts';

/*
 * SPEC §3 'Local progress': the step and contract language of each offer code, and the
 * company-details draft. Banking numbers and the signature never come here: they live only in
 * the signature step's memory until they are sent.
 */

export interface LeaseProgress {
  step: LeaseStep;
  language: LeaseLanguage;
}

const leaseProgress = z.object({
  step: z.enum(leaseSteps),
  language: z.catch(leaseLanguage, defaultLeaseLanguage),
});

/** What the company form keeps between visits: exactly its text fields, nothing else. */
export const leaseInfoDraft = z.object({
  company_name: z.catch(z.string(), ''),
  contact_name: z.catch(z.string(), ''),
  phone: z.catch(z.string(), ''),
  address: z.catch(z.string(), ''),
  city: z.catch(z.string(), ''),
  province: z.catch(z.enum(provinces), 'QC'),
  postal_code: z.catch(z.string(), ''),
});
export type LeaseInfoDraft = z.infer<typeof leaseInfoDraft>;

let progressDb: UseStore | undefined;
let draftDb: UseStore | undefined;
const progressStore = () => (progressDb ??= createStore(idbStores.leaseProgress.db, idbStores.leaseProgress.store));
const draftStore = () => (draftDb ??= createStore(idbStores.leaseInfoDraft.db, idbStores.leaseInfoDraft.store));

/** docs/architecture.md §7: once a visitor has progress worth keeping, ask the browser not to evict it. */
async function readParsed<T>(key: string, store: () => UseStore, schema: z.ZodMiniType<T>): Promise<T | undefined> {
  try {
    const parsed = schema.safeParse(await get(key, store()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // IndexedDB unavailable (private mode in some browsers): the flow simply starts fresh.
    return undefined;
  }
}

async function write(key: string, value: unknown, store: () => UseStore): Promise<void> {
  try {
    await set(key, value, store());
  } catch (error) {
    reportStorageProblem(error);
  }
}

export function readLeaseProgress(code: string): Promise<LeaseProgress | undefined> {
  return readParsed(code, progressStore, leaseProgress);
}

export async function saveLeaseProgress(code: string, progress: LeaseProgress): Promise<void> {
  askForPersistentStorage();
  // Parsed on the way in too, so nothing but a step and a language can ever be written here.
  await write(code, leaseProgress.parse(progress), progressStore);
}

export function readLeaseInfoDraft(code: string): Promise<LeaseInfoDraft | undefined> {
  return readParsed(code, draftStore, leaseInfoDraft);
}

export async function saveLeaseInfoDraft(code: string, draft: LeaseInfoDraft): Promise<void> {
  await write(code, leaseInfoDraft.parse(draft), draftStore);
}

export async function clearLeaseInfoDraft(code: string): Promise<void> {
  try {
    await del(code, draftStore());
  } catch {
    // Nothing stored to clear when IndexedDB is unavailable.
  }
}
