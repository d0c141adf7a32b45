import { describe, expect, it } from 'vitest';
import { cachedRead } from './cached-read.ts';

describe('cachedRead', () => {
  it('reads once within the time to live, shares it, and reads again after it', async () => {
    let time = 1000;
    let reads = 0;
    const read = cachedRead(
      60_000,
      async () => (reads += 1),
      () => time,
    );
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
    time += 59_999;
    expect(await read()).toBe(1);
    time += 1;
    expect(await read()).toBe(2);
    expect(reads).toBe(2);
  });

  it('runs a lazy read (a query builder, run each time it is awaited) once', async () => {
    let runs = 0;
    const query: PromiseLike<string> = {
      then(onFulfilled, onRejected) {
        runs += 1;
        return Promise.resolve('calendar').then(onFulfilled, onRejected);
      },
    };
    const read = cachedRead(60_000, () => query);
    expect(await Promise.all([read(), read()])).toEqual(['calendar', 'calendar']);
    expect(runs).toBe(1);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const read = cachedRead(60_000, async () => {
      if (fail) throw new Error('database down');
      return 'faqs';
    });
    await expect(read()).rejects.toThrow('database down');
    fail = false;
    expect(await read()).toBe('faqs');
  });

  it('reads every time with a time to live of 0', async () => {
    let reads = 0;
    const read = cachedRead(0, async () => (reads += 1));
    await read();
    await read();
    expect(reads).toBe(2);
  });

  it('reads again when the clock is set back before the copy was made', async () => {
    let reads = 0;
    let time = 1_000_000;
    const read = cachedRead(
      60_000,
      async () => (reads += 1),
      () => time,
    );
    expect(await read()).toBe(1);
    time -= 5_000;
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
  });
});
