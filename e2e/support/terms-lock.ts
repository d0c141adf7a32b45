import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One spec at a time publishes terms versions (decision 057): a version published by one spec while
 * another's tester is being asked would be accepted for that tester, or make its answer out of date.
 * A directory made atomically in the run's shared folder is the lock, across the run's workers.
 */
const lockDir = () => path.join(process.env.E2E_AXE_DIR ?? os.tmpdir(), 'terms-publishing.lock');

export async function lockTermsPublishing(timeoutMs = 120_000): Promise<() => void> {
  const dir = lockDir();
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      return () => fs.rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > until) throw new Error('Another spec held the terms-publishing lock too long.');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
