import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A lock across the run's workers: a directory made atomically in the run's shared folder. Answers
 * the function that releases it.
 */
export async function holdRunLock(name: string, timeoutMs: number): Promise<() => void> {
  const dir = path.join(process.env.E2E_AXE_DIR ?? os.tmpdir(), `${name}.lock`);
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      return () => fs.rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > until) throw new Error(`Another spec held the ${name} lock too long.`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * One spec at a time publishes terms versions (decision 057): a version published by one spec while
 * another's tester is being asked would be accepted for that tester, or make its answer out of date.
 */
export function lockTermsPublishing(timeoutMs = 120_000): Promise<() => void> {
  return holdRunLock('terms-publishing', timeoutMs);
}

/**
 * One spec at a time sets the fake-clock listener's clock (decisions 042 and 085): server-clock.spec.ts,
 * staff-chain.spec.ts and staff-dashboard.spec.ts each hold it while they use that listener.
 */
export function lockServerClock(timeoutMs = 600_000): Promise<() => void> {
  return holdRunLock('server-clock', timeoutMs);
}
