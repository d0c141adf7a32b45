import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { DEMO } from '../../../test/account-helpers.ts';
import { createTester } from '../../../test/factories.ts';
import { hashToken, randomToken } from '../../core/security/tokens.ts';
import { createActiveSessionCache, type CachedSession } from './active-session-cache.ts';
import { systemClock } from '../../core/clock.ts';
import { inTransaction } from '../../core/db/client.ts';
import { createSessionRepository } from './session-repository.ts';
import { createTesterRepository, type TesterRow } from '../testers/tester-repository.ts';

/** A fixed moment: the entries are loaded at it, so no assertion depends on how long a line takes. */
const LOADED_AT = Date.parse('2026-11-20T12:00:00Z');

const entryFor = (testerId: string): CachedSession => ({
  tester: { id: testerId } as TesterRow,
  expiresAt: new Date(LOADED_AT + 3600_000),
  lastSeenAt: new Date(LOADED_AT),
  loadedAt: LOADED_AT,
});

describe('createActiveSessionCache', () => {
  it('drops an entry once it is older than the time to live', () => {
    const cache = createActiveSessionCache({ ttlMs: 1000 });
    cache.set('a', entryFor('t1'), cache.generation());
    expect(cache.get('a', LOADED_AT + 999)).toBeDefined();
    expect(cache.get('a', LOADED_AT + 1000)).toBeUndefined();
  });

  it('does not store what a read saw before a session or tester was forgotten', () => {
    const cache = createActiveSessionCache({ ttlMs: 60_000 });
    const readStarted = cache.generation();
    cache.forgetSession('a'); // a logout finished while the read was in flight
    cache.set('a', entryFor('t1'), readStarted);
    expect(cache.get('a', LOADED_AT)).toBeUndefined();
  });

  it('forgets every session of a tester and keeps the others', () => {
    const cache = createActiveSessionCache({ ttlMs: 60_000 });
    for (const [idHash, testerId] of [
      ['a', 't1'],
      ['b', 't1'],
      ['c', 't2'],
    ] as const)
      cache.set(idHash, entryFor(testerId), cache.generation());
    cache.forgetTester('t1');
    expect([cache.get('a', LOADED_AT), cache.get('b', LOADED_AT)]).toEqual([undefined, undefined]);
    expect(cache.get('c', LOADED_AT)?.tester.id).toBe('t2');
  });

  it("stores no session of a changed tester for the time to live: a change's unit of work may not have committed when it forgets", () => {
    let elapsed = 0;
    const cache = createActiveSessionCache({ ttlMs: 5000, elapsedMs: () => elapsed });
    cache.forgetTester('t1'); // inside the unit of work that credits t1's coins, before its commit
    const readBetween = cache.generation(); // a read that begins before the commit sees the old row
    cache.set('a', entryFor('t1'), readBetween);
    cache.set('c', entryFor('t2'), readBetween);
    expect(cache.get('a', LOADED_AT)).toBeUndefined();
    expect(cache.get('c', LOADED_AT)?.tester.id).toBe('t2');
    elapsed = 5000;
    cache.set('a', entryFor('t1'), cache.generation());
    expect(cache.get('a', LOADED_AT)?.tester.id).toBe('t1');
    expect(cache.heldTesters).toBe(0);
  });

  it('holds at most maxEntries, making room by dropping the oldest', () => {
    const cache = createActiveSessionCache({ ttlMs: 60_000, maxEntries: 3 });
    for (const idHash of ['a', 'b', 'c', 'd']) cache.set(idHash, entryFor(idHash), cache.generation());
    expect(cache.size).toBe(3);
    expect(cache.get('a', LOADED_AT)).toBeUndefined();
    expect(cache.get('d', LOADED_AT)).toBeDefined();
  });

  it('stores nothing when the time to live is 0', () => {
    const cache = createActiveSessionCache({ ttlMs: 0 });
    cache.set('a', entryFor('t1'), cache.generation());
    expect(cache.size).toBe(0);
  });
});

describe('session and tester repositories with the cache', () => {
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
  });

  afterAll(async () => {
    await testDatabase.dispose();
  });

  it('answers a cached session with the tester row as it is after a write through the tester repository', async () => {
    const cache = createActiveSessionCache({ ttlMs: 300_000 });
    const { db } = testDatabase.database;
    const testers = createTesterRepository(db, cache.forgetTester, () => new Date());
    const sessions = createSessionRepository(db, cache, systemClock);
    const tester = (await testers.findByUsername(DEMO.username))!;
    const idHash = hashToken(randomToken());
    await sessions.insert(idHash, tester.id, new Date(Date.now() + 3600_000));
    const idleCutoff = () => Date.now() - 3600_000;

    expect((await sessions.findActive(idHash, idleCutoff()))?.email).toBe(DEMO.email);
    expect(cache.size).toBe(1);

    await testers.updateCredentials(tester.id, {
      username: 'renamedtester1',
      email: 'renamed@mail.example.test',
      phone: '3125550111',
      passwordHash: tester.passwordHash,
    });
    const after = await sessions.findActive(idHash, idleCutoff());
    expect({ username: after?.username, email: after?.email }).toEqual({ username: 'renamedtester1', email: 'renamed@mail.example.test' });

    await sessions.deleteAllForTester(tester.id);
    expect(await sessions.findActive(idHash, idleCutoff())).toBeNull();
  });

  it('forgets a tester changed in a unit of work again once it commits: a read stored while it outlasted the hold-back is dropped', async () => {
    let elapsed = 0;
    const cache = createActiveSessionCache({ ttlMs: 5000, elapsedMs: () => elapsed });
    const { db } = testDatabase.database;
    const tester = await createTester(db);
    let storedBeforeCommit: CachedSession | undefined;
    await inTransaction(db, async (tx) => {
      await createTesterRepository(tx, cache.forgetChangedTester, () => new Date()).setAvatar(tester.id, 'fox.png');
      // The unit of work runs longer than the hold-back; a read in the meantime sees the old row and keeps it.
      elapsed = 6000;
      cache.set('a', { ...entryFor(tester.id), tester }, cache.generation());
      storedBeforeCommit = cache.get('a', LOADED_AT);
    });
    expect(storedBeforeCommit?.tester.avatarFile).toBe(tester.avatarFile);
    expect(cache.get('a', LOADED_AT)).toBeUndefined();
  });
});
