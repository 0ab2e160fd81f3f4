import { Hono } from 'hono';
import { problem } from '../../shared/contract/problems.ts';
import { isPglite, pgliteBackup } from '../db/backup.ts';
import type { AppDeps } from '../deps.ts';
import { problemAnswer } from '../http/errors.ts';
import { actorOf, managersOnly, type StaffEnv } from '../http/staff-auth.ts';
import { logEvent } from '../log.ts';
import { recordAudit } from '../staff/audit.ts';

/**
 * GET /admin-api/backup (`npm run admin -- backup FILE`): the PGlite data folder as a gzipped
 * tarball, which `npm run admin -- restore FILE` makes a new data folder from. Managers only: it
 * holds every row, the tenants' encrypted banking numbers too. PostgreSQL is backed up by
 * pg_dump instead, which this server does not run.
 */
export function staffBackupRoutes(deps: AppDeps) {
  return new Hono<StaffEnv>().use(managersOnly).get('/', async (c) => {
    if (!isPglite(deps.db)) return problemAnswer(c, problem('backup_use_pg_dump'));
    const now = deps.clock();
    // Every row leaves with it: who took it goes on the audit trail first (and so into the copy itself), as a PAD file's download does.
    await recordAudit(deps.db, actorOf(c), { action: 'backup_downloaded', subjectType: 'database', subjectId: 'backup' }, now);
    const tarball = await pgliteBackup(deps.db);
    logEvent('info', 'backup.made', { by: actorOf(c).kind, bytes: tarball.byteLength });
    const day = now.toISOString().slice(0, 10);
    return c.body(tarball, 200, {
      'Cache-Control': 'no-store',
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="backup-${day}.tar.gz"`,
      'Content-Length': String(tarball.byteLength),
    });
  });
}
