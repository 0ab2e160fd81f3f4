import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { listPublicUnits } from '../units/public-list.ts';
import { compress, type Bytes, type Encoding } from './compression.ts';

/** One version of the public list: its bytes, their validator and their compressed copies. */
export interface UnitListVersion {
  /** The list as the API sends it, UTF-8: `{ success: true, data: { offices, lastUpdated } }`. */
  readonly body: Bytes;
  /** A weak validator of the body, the same for every encoding. */
  readonly etag: string;
  /**
   * The body in this encoding, compressed once for the version: quickly at first, replaced by a
   * thorough pass when it is done (a second or two for br at 2,000 units, too long to wait for).
   */
  encoded(encoding: Encoding): Promise<Bytes>;
}

/** The public list, serialized: read often, changed only when a unit is rented or edited. */
export interface UnitListCache {
  current(): Promise<UnitListVersion>;
  /** A unit was rented or edited here: the next read goes to the database. */
  invalidate(): void;
}

/**
 * The list kept for a moment: this process drops its copy at once when it changes a unit
 * (invalidate), and another instance's change shows within maxAgeMs. Checkout always checks
 * availability against the database itself. A version is the body's hash: a refresh that reads
 * the same bytes keeps the version and so its compressed copies.
 */
export function createUnitListCache(db: Db, options: { maxAgeMs?: number; compress?: typeof compress } = {}): UnitListCache {
  const { maxAgeMs = 2000, compress: compressBody = compress } = options;
  let fresh: { version: Promise<UnitListVersion>; at: number } | undefined;
  let latest: UnitListVersion | undefined;
  // One thorough pass at a time, and none for a list already replaced: a burst of staff edits
  // is a burst of versions, and each br pass holds one of zlib's few threads for over a second.
  let polishing = Promise.resolve();

  function versionOf(body: Bytes, etag: string): UnitListVersion {
    const copies = new Map<Encoding, Promise<Bytes>>();
    const version: UnitListVersion = {
      body,
      etag,
      encoded(encoding) {
        let bytes = copies.get(encoding);
        if (!bytes) {
          bytes = compressBody(body, encoding, 'quick');
          copies.set(encoding, bytes);
          polishing = polishing
            .then(async () => {
              if (version === latest) copies.set(encoding, Promise.resolve(await compressBody(body, encoding, 'thorough')));
            })
            // The quick copy stays.
            .catch(() => undefined);
        }
        return bytes;
      },
    };
    return version;
  }

  async function read(): Promise<UnitListVersion> {
    const body = new TextEncoder().encode(JSON.stringify({ success: true, data: await listPublicUnits(db) }));
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    if (latest?.etag !== etag) latest = versionOf(body, etag);
    return latest;
  }

  return {
    current() {
      const now = Date.now();
      // Requests that arrive while the list is read share that one read.
      if (!fresh || now - fresh.at >= maxAgeMs) {
        const version = read();
        fresh = { version, at: now };
        // A failed read is not kept: the next request asks the database again.
        version.catch(() => {
          if (fresh?.version === version) fresh = undefined;
        });
      }
      return fresh.version;
    },
    invalidate() {
      fresh = undefined;
    },
  };
}
