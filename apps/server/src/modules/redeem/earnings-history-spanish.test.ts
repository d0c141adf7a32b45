import { describe, expect, it } from 'vitest';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester, createRewardItem } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { coinLedger } from '../../core/db/schema.ts';

/**
 * The earnings history in the tester's language (issue 28, decision 142): a Spanish tester reads the
 * ledger reasons, a reward order's line and a take-back's shortfall in Spanish; an English tester and
 * the staff pages keep the English words.
 */

const NOW = new Date('2026-11-20T15:00:00Z');
const clock = createFakeClock(NOW);
const testApp = useTestApp({ clock });
const db = () => testApp.database.db;

const history = async (cookie: string) =>
  (await getWith(testApp.app, '/api/reward/GetEarningsHistory', { cookie })).json() as { entries: { description: string }[] };

/** A redemption, a screener's coins, a take-back with coins already spent and a reason no list names, after the opening balance. */
async function ledgerOf(language: 'en' | 'es') {
  const { cookie, tester } = await createLoggedInTester(db(), { coins: 500, language });
  const reward = await createRewardItem(db(), { name: 'Coffee mug', coins: 150 });
  clock.set(new Date(Date.now() + HOUR_MS));
  expect((await postJson(testApp.app, '/api/reward/SpendCoin', String(reward.id), { cookie, raw: true })).json().status).toBe('succeed');
  const later = (hours: number) => new Date(Date.now() + hours * HOUR_MS);
  await db()
    .insert(coinLedger)
    .values([
      { testerId: tester.id, coins: 25, reason: 'screener', reference: 's1', createdAt: later(2) },
      { testerId: tester.id, coins: -10, reason: 'selfScheduleTakeBack', reference: 'b1', shortfallCoins: 5, createdAt: later(3) },
      { testerId: tester.id, coins: 1, reason: 'welcome-gift', reference: 'w1', createdAt: later(4) },
    ]);
  clock.set(NOW);
  return (await history(cookie)).entries.map((entry) => entry.description);
}

describe('the earnings history in the tester’s language', () => {
  it('a Spanish tester reads every line in Spanish', async () => {
    expect(await ledgerOf('es')).toEqual([
      'Regalo de bienvenida',
      'Cita cancelada: se retiraron sus monedas de programación (5 ya gastadas, no retiradas)',
      'Cuestionario completado',
      'Recompensa canjeada: Coffee mug',
      'Monedas y experiencia',
    ]);
  });

  it('an English tester reads the same lines word for word as before', async () => {
    expect(await ledgerOf('en')).toEqual([
      'Welcome gift',
      'Booking cancelled: its scheduling coins taken back (5 already spent, not taken back)',
      'Screener completed',
      'Reward redeemed: Coffee mug',
      'Coins and experience',
    ]);
  });
});
