import { systemClock } from '../../core/clock.ts';
import { defineModule } from '../../core/modules/app-module.ts';
import { registerDevMailbox } from './dev-mailbox-routes.ts';
import { createMailService, type MailSenderStarter } from './mail-service.ts';

/** The outbox and its sender (decision 010); /dev/mailbox outside production when no SMTP server is set. */
export const mailModule = (startSender: MailSenderStarter | undefined) =>
  defineModule({
    name: 'mail',
    build(_needs: object, { db, clock, settableClock, config, log, onClose, metrics }) {
      const mail = createMailService(db, {
        // Delivery runs on real time even on the fake-clock listener (decision 042): its outbox rows are
        // due at once for the sender of the listener that runs one, and it never takes another's early.
        clock: settableClock ? systemClock : clock,
        publicUrl: config.publicUrl,
        smtpUrl: config.smtpUrl,
        mailFrom: config.mailFrom,
        log,
        startSender,
        onSendFailed: () => metrics.mailSendFailures.inc(),
      });
      metrics.observeOutbox(() => mail.backlog());
      onClose(() => mail.stop());
      const devMailbox = !config.isProduction && !config.smtpUrl;
      return { provides: { mail }, routes: { root: devMailbox ? [(app) => registerDevMailbox(app, mail)] : [] } };
    },
  });
