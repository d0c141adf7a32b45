import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { OWN_SESSION, serverBundleFile } from '../../../test/server-process.ts';
import { unpackPgliteTemplate } from '../../../test/test-app.ts';
import { pgliteDataDir } from './client.ts';

/**
 * What bounds the embedded database's memory in the app's process (issue 27: 250 MB at rest after an
 * hour of use; decisions 015 and 149). A process of its own (test/pglite-memory-probe.ts, bundled by
 * the global setup) opens a copy of the template folder the way the app does and does a fixed piece
 * of work; the test reads the start parameters the database runs with, and how much resident memory
 * the open and the work added. The figure is memory, not time: with WebAssembly on V8's baseline
 * compiler it was 99 to 100 MB (load 20 to 29), with V8's default (TurboFan recompiling the hot
 * functions) 159 to 175 MB; the limit sits between, about 30 MB from each.
 */

const RESIDENT_GROWTH_LIMIT_MB = 130;

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const provided = inject('testDatabase');
let tempDir: string | undefined;
afterAll(() => {
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
});

describe.skipIf(provided?.kind !== 'pglite')('the embedded database in the app process (openDatabase)', () => {
  it('runs with a 16 MB buffer pool and the default work memory, and a fixed piece of work leaves under 130 MB resident', async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'testerhub-pglite-memory-'));
    unpackPgliteTemplate(pgliteDataDir(tempDir));

    // Nothing of the test run's environment: NODE_OPTIONS or V8 flags of the runner must not reach the probe.
    const { stdout } = await promisify(execFile)(process.execPath, [serverBundleFile('pglite-memory-probe.js'), tempDir], {
      cwd: serverDir,
      env: {},
      ...OWN_SESSION,
    });
    const probe = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      growthMb: number;
      settings: { name: string; setting: string; unit: string }[];
    };

    const megabytes = Object.fromEntries(
      probe.settings.map(({ name, setting, unit }) => [name, (Number(setting) * (unit === '8kB' ? 8 : 1)) / 1024]),
    );
    expect(megabytes).toEqual({ shared_buffers: 16, work_mem: 4, maintenance_work_mem: 64, temp_buffers: 8, wal_buffers: 0.5 });
    expect(probe.growthMb).toBeGreaterThan(0);
    expect(probe.growthMb).toBeLessThan(RESIDENT_GROWTH_LIMIT_MB);
  }, 120_000);
});
