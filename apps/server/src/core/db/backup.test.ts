import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTester } from '../../../test/factories.ts';
import { createTestDatabase, pgliteTemplate, TEST_POOL } from '../../../test/test-app.ts';
import { testers } from '../../modules/testers/tester-tables.ts';
import { BackupRefusal, backupDatabase, restoreDatabase } from './backup.ts';
import { openPglite, openPostgres, pgliteDataDir, type Database } from './client.ts';

/**
 * npm run db:backup / db:restore (core/db/backup.ts, decision 092): a backup, then changes, then
 * the restore; the database is found as it was at the backup, on PostgreSQL and on PGlite.
 */

const provided = inject('testDatabase');
let tempDir: string | undefined;
const newTempDir = () => (tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'testerhub-backup-')));
afterEach(() => {
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  tempDir = undefined;
});

const firstNameOf = async (db: Database, id: string) =>
  (await db.select({ firstName: testers.firstName }).from(testers).where(eq(testers.id, id)))[0]?.firstName;

describe.skipIf(provided?.kind !== 'postgres')('backup and restore on PostgreSQL (pg_dump custom format)', () => {
  it('restores the state of the backup: a changed row back as it was, a row added since gone', async () => {
    const copy = await createTestDatabase();
    const file = path.join(newTempDir(), 'testerhub.dump');
    try {
      const kept = await createTester(copy.database.db, { firstName: 'Before' });
      await backupDatabase({ databaseUrl: copy.url, dataDir: tempDir! }, file);
      expect(fs.statSync(file).size).toBeGreaterThan(0);

      await copy.database.db.update(testers).set({ firstName: 'After' }).where(eq(testers.id, kept.id));
      const added = await createTester(copy.database.db);
      await copy.database.close();

      await restoreDatabase({ databaseUrl: copy.url, dataDir: tempDir! }, file);
      const reopened = await openPostgres(copy.url!, TEST_POOL);
      try {
        expect(await firstNameOf(reopened.db, kept.id)).toBe('Before');
        expect(await firstNameOf(reopened.db, added.id)).toBeUndefined();
      } finally {
        await reopened.close();
      }
    } finally {
      await copy.dispose();
    }
  }, 120_000);
});

describe.skipIf(provided?.kind !== 'pglite')('backup and restore on the embedded database (PGlite folder)', () => {
  it('restores the state of the backup, keeps the replaced folder, and refuses both while a server has the folder open', async () => {
    const dataDir = newTempDir();
    const file = path.join(dataDir, 'testerhub-backup.tar.gz');
    const target = { databaseUrl: undefined, dataDir };
    const open = () => openPglite({ dataDir: pgliteDataDir(dataDir) });

    const first = await openPglite({ dataDir: pgliteDataDir(dataDir), loadDataDir: pgliteTemplate() });
    const kept = await createTester(first.db, { firstName: 'Before' });
    // The server has the folder open: neither command may touch it.
    await expect(backupDatabase(target, file)).rejects.toThrow(BackupRefusal);
    await first.close();
    await backupDatabase(target, file);

    const changing = await open();
    await changing.db.update(testers).set({ firstName: 'After' }).where(eq(testers.id, kept.id));
    const added = await createTester(changing.db);
    await expect(restoreDatabase(target, file)).rejects.toThrow(BackupRefusal);
    expect(await firstNameOf(changing.db, kept.id)).toBe('After');
    await changing.close();

    const { replacedFolder } = await restoreDatabase(target, file);
    const restored = await open();
    try {
      expect(await firstNameOf(restored.db, kept.id)).toBe('Before');
      expect(await firstNameOf(restored.db, added.id)).toBeUndefined();
    } finally {
      await restored.close();
    }
    expect(replacedFolder && fs.existsSync(path.join(replacedFolder, 'PG_VERSION'))).toBe(true);
  }, 240_000);
});
