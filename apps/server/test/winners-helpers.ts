import pino from 'pino';
import type { createFakeClock } from '../src/core/clock.ts';
import type { Database } from '../src/core/db/client.ts';
import { createWinnersService } from '../src/modules/winners/winners-service.ts';
import { createLedgerService } from '../src/modules/ledger/ledger-service.ts';
import { createMailService } from '../src/modules/mail/mail-service.ts';
import { createPerksService } from '../src/modules/perks/perks-service.ts';
import { createTesterService } from '../src/modules/testers/tester-service.ts';

/** The winners service as its plugin wires it, on one instance's connection. */
export function winnersOn(database: Database, clockNow: ReturnType<typeof createFakeClock>) {
  const log = pino({ level: 'silent' });
  const mail = createMailService(database, {
    clock: clockNow,
    publicUrl: 'https://testers.example.test',
    smtpUrl: undefined,
    mailFrom: 'Test <t@testers.example.test>',
    log,
  });
  const testers = createTesterService(database, { clock: clockNow, onTesterChanged: () => undefined });
  const ledger = createLedgerService(database, { clock: clockNow, onTesterChanged: () => undefined });
  const perks = createPerksService(database, { clock: clockNow, ledger });
  return createWinnersService(database, {
    clock: clockNow,
    ledger,
    testers,
    mail,
    listWinners: async () => [],
    perkEffects: perks.effectsFor,
    timeZone: 'America/Chicago',
  });
}
