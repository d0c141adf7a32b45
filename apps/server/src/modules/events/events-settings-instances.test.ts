import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTester } from '../../../test/factories.ts';
import { useInstanceDatabases } from '../../../test/job-instances.ts';
import { createFakeClock } from '../../core/clock.ts';
import { createLogger } from '../../core/logger.ts';
import { createDailyBonusRepository } from '../daily-bonus/daily-bonus-repository.ts';
import { createDailyBonusService, type DailyBonusService } from '../daily-bonus/daily-bonus-service.ts';
import { createLedgerService } from '../ledger/ledger-service.ts';
import { createMailService } from '../mail/mail-service.ts';
import { createPerksService } from '../perks/perks-service.ts';
import { createTesterService } from '../testers/tester-service.ts';
import { createEventsRepository } from './events-repository.ts';
import { createEventsService, type EventsService } from './events-service.ts';

/**
 * Loyalty settings across server instances (decision 056): a save on one instance is what the
 * other serves on its very next request, with nothing kept in either's memory. On PostgreSQL
 * (TEST_DATABASE_URL) each instance has its own connection pool to one database; on PGlite both
 * share the handle.
 */

const clock = createFakeClock('2026-01-14T18:00:00Z');
const log = createLogger('silent');
const { db, perInstance } = useInstanceDatabases();
let instances: { events: EventsService; dailyBonus: DailyBonusService }[];

beforeAll(() => {
  instances = perInstance((handle) => {
    const onTesterChanged = () => undefined;
    const ledger = createLedgerService(handle, { clock, onTesterChanged });
    const perks = createPerksService(handle, { clock, ledger });
    const mail = createMailService(handle, {
      clock,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'test@localhost',
      log: log.logger,
    });
    return {
      events: createEventsService(handle, {
        clock,
        ledger,
        testers: createTesterService(handle, { clock, onTesterChanged }),
        mail,
        listWinners: async () => [],
        perkEffects: perks.effectsFor,
        timeZone: 'America/Chicago',
      }),
      dailyBonus: createDailyBonusService(handle, { clock, ledger, perkEffect: perks.effect, timeZone: 'America/Chicago' }),
    };
  });
});
afterAll(() => log.close());

describe('two server instances on one database', () => {
  it('serve a wheel and a calendar saved through the other from the next request on', async () => {
    const tester = await createTester(db(), { coins: 1000 });
    const [first, second] = instances;
    // Both instances read the figures once (any cache would now hold them).
    expect((await first!.events.eventCount(tester.id)).coins).toBe(50);
    expect((await second!.events.eventCount(tester.id)).coins).toBe(50);
    expect((await second!.dailyBonus.rewardList(tester.id)).rewards[0]).toMatchObject({ coins: 10 });

    const events = createEventsRepository(db());
    const { settings } = await events.wheel();
    expect(
      await events.saveWheel(settings.wheelVersion, {
        spinCost: 70,
        spinsPerWeek: 3,
        segments: [
          { coins: 7, rate: 100_000 },
          { coins: 0, rate: 0 },
        ],
      }),
    ).toBe(true);
    const calendar = createDailyBonusRepository(db());
    const days = await calendar.listDays();
    expect(
      await calendar.saveCalendar(
        days[0]!.version,
        days.map((row) => ({ day: row.day, coins: row.day === 1 ? 42 : row.coins, exp: row.experience })),
      ),
    ).toBe(true);

    for (const instance of [first!, second!]) {
      expect((await instance.events.eventCount(tester.id)).coins).toBe(70);
      expect((await instance.dailyBonus.rewardList(tester.id)).rewards[0]).toMatchObject({ coins: 42 });
    }
    expect(await second!.events.spin({ id: tester.id, blackList: false })).toEqual({ status: 'succeed', reward: 7, count: 2 });
  });
});
