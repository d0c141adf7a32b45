import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectGarbageWhenIdle, fullGarbageCollection } from './idle-collection.ts';

describe('collectGarbageWhenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function watchedServer() {
    const server = new EventEmitter();
    const collect = vi.fn();
    collectGarbageWhenIdle(server, { quietMs: 5_000, collect });
    return { server, collect, request: () => server.emit('request') };
  }

  it('collects once after a whole quiet period that follows requests, not again while no request comes', () => {
    const { collect, request } = watchedServer();
    request();
    request();
    vi.advanceTimersByTime(5_000);
    expect(collect).not.toHaveBeenCalled(); // the requests came within this period
    vi.advanceTimersByTime(5_000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('waits while requests keep coming, and collects again after the next burst', () => {
    const { collect, request } = watchedServer();
    for (let period = 0; period < 10; period += 1) {
      request();
      vi.advanceTimersByTime(5_000);
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(collect).toHaveBeenCalledTimes(1);
    request();
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('never collects a server that had no request, and stops when the server closes', () => {
    const { server, collect, request } = watchedServer();
    vi.advanceTimersByTime(60_000);
    expect(collect).not.toHaveBeenCalled();
    request();
    server.emit('close');
    vi.advanceTimersByTime(60_000);
    expect(collect).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('fullGarbageCollection', () => {
  it('gives back what is no longer reachable, whether or not the process runs with --expose-gc', () => {
    const collect = fullGarbageCollection();
    let garbage: number[][] | undefined = Array.from({ length: 400 }, (_, index) => Array.from({ length: 10_000 }, () => index));
    const withGarbage = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(400);
    garbage = undefined;
    collect();
    // 400 arrays of 10,000 small integers: about 32 MB, all of it unreachable now.
    expect(withGarbage - process.memoryUsage().heapUsed).toBeGreaterThan(20 * 1024 * 1024);
  });
});
