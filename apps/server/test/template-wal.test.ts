import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { openPglite } from '../src/core/db/client.ts';
import { pgliteTemplate } from './test-app.ts';

/** The PGlite template with its write-ahead log cut (template-wal.ts): copies start and write as before. */
describe.skipIf(inject('testDatabase')?.kind !== 'pglite')('the PGlite template’s cut write-ahead log', () => {
  it('holds one log segment of a few pages, not 16 MB', () => {
    const provided = inject('testDatabase');
    if (provided?.kind !== 'pglite') throw new Error('a PGlite run only');
    const tar = fs.readFileSync(provided.templateFile);
    expect(tar.length).toBeLessThan(20 * 1024 * 1024);
    expect(tar.includes('pg_wal/000000010000000000000002')).toBe(true);
    expect(tar.includes('pg_wal/000000010000000000000001')).toBe(false);
  });

  it('a copy writes well past the cut, survives a checkpoint and a restart from its own dump, and reads its rows back', async () => {
    const copy = await openPglite({ loadDataDir: pgliteTemplate() });
    const testers = (await copy.executeSql('SELECT count(*)::int AS n FROM testers')).rows;
    await copy.executeSql('CREATE TABLE wal_probe (id serial PRIMARY KEY, pad text NOT NULL)');
    // About 3 MB of rows: the log grows far past the template's few pages.
    await copy.executeSql("INSERT INTO wal_probe (pad) SELECT repeat('x', 600) FROM generate_series(1, 5000)");
    await copy.executeSql('CHECKPOINT');
    await copy.executeSql("UPDATE wal_probe SET pad = pad || 'y' WHERE id % 2 = 0");
    const dump = await copy.dumpDataDir!();
    await copy.close();
    const again = await openPglite({ loadDataDir: dump });
    try {
      const { rows } = await again.executeSql(
        "SELECT count(*)::int AS n, count(*) FILTER (WHERE pad LIKE '%y')::int AS changed FROM wal_probe",
      );
      expect(rows).toEqual([{ n: 5000, changed: 2500 }]);
      expect((await again.executeSql('SELECT count(*)::int AS n FROM testers')).rows).toEqual(testers);
    } finally {
      await again.close();
    }
  });
});
