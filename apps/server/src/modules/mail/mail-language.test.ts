import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionGroup, createStudy, createTester } from '../../../test/factories.ts';
import { mailsTo, parseCalendar, schedulingWithMail } from '../../../test/schedule-mail-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { noShowWarningMessage, suspensionMessage } from '../attendance/attendance-service.ts';
import { orderConfirmationMessage } from '../redeem/redeem-service.ts';
import { fulfilledText, orderDecisionMessage, rejectedText } from '../redeem/reward-orders-service.ts';
import { createSchedulingRepository } from '../scheduling/scheduling-repository.ts';
import { reminderMessage, seatOfferMessage } from '../scheduling/schedule-mail/schedule-mail.ts';
import { suspensionLiftedMessage } from '../testers/tester-admin-service.ts';
import { drawingWinnerMessage } from '../winners/winners-service.ts';
import type { OutgoingEmail } from './mail-service.ts';
import {
  childConfirmationMessage,
  confirmEmailMessage,
  invitationMessage,
  referralInvitationMessage,
  resetPasswordMessage,
  usernameMessage,
} from './templates.ts';

/**
 * Every tester e-mail in the recipient's language (issue 28, "Spanish, end to end"; decision 115):
 * a Spanish tester's subject, greeting, body and signature are Spanish, an English tester's stay as
 * they were word for word.
 */

const SPANISH_SIGNATURE = 'Servicios al Probador de TesterHub Research';
const ENGLISH_SIGNATURE = 'TesterHub Research Tester Services';

function expectSpanish(mail: OutgoingEmail, subject: string, line: string) {
  expect(mail.subject).toBe(subject);
  for (const body of [mail.text, mail.html]) {
    expect(body).toContain('Hola Ana:');
    expect(body).toContain(line);
    expect(body).toContain(SPANISH_SIGNATURE);
    expect(body).not.toContain('Hi Ana');
  }
}

const ana = { to: 'ana@example.test', email: 'ana@example.test', firstName: 'Ana', language: 'es' };
const rule = { limit: 3, windowMonths: 6, suspensionMonths: 3, afterMinutes: 60 };

describe('the account and invitation e-mails', () => {
  it('are Spanish for a Spanish recipient, every kind', () => {
    const link = 'https://testers.example.test/x';
    expectSpanish(
      confirmEmailMessage({ ...ana, username: 'ana1', link, language: 'es' }),
      'Confirme su correo electrónico de TesterHub',
      'Gracias por registrarse. Su nombre de usuario es ana1.',
    );
    expectSpanish(
      usernameMessage({ ...ana, username: 'ana1', loginLink: link, language: 'es' }),
      'Su nombre de usuario de TesterHub',
      'Su nombre de usuario es ana1.',
    );
    expectSpanish(
      resetPasswordMessage({ ...ana, link, validMinutes: 30, language: 'es' }),
      'Restablezca su contraseña de TesterHub',
      'El enlace es válido durante 30 minutos',
    );
    expectSpanish(
      childConfirmationMessage({ ...ana, parentFirstName: 'Ana', childName: 'Leo', link, hours: 48, language: 'es' }),
      'Confirme el registro de su hijo o hija en TesterHub',
      'Registró a Leo en su cuenta de TesterHub.',
    );
    expectSpanish(
      invitationMessage({ ...ana, studyName: 'Cereal', coinValue: 50, link, validDays: 7, language: 'es' }),
      'Lo invitamos a un nuevo estudio de TesterHub',
      'Si califica, recibirá 50 monedas.',
    );
    expectSpanish(
      referralInvitationMessage({ ...ana, referrerFirstName: 'Rosa', link, language: 'es' }),
      'Un amigo lo invita a unirse a TesterHub',
      'Rosa cree que a usted le gustaría probar productos con TesterHub',
    );
  });

  it('stay English, word for word, for an English recipient', () => {
    const mail = referralInvitationMessage({ ...ana, referrerFirstName: 'Rosa', link: 'https://testers.example.test/x', language: 'en' });
    expect(mail.subject).toBe('A friend invites you to join TesterHub');
    expect(mail.text).toContain('Hi Ana,');
    expect(mail.text).toContain('Join through the link below: your friend is then credited for referring you.');
    expect(mail.text).toContain(`${ENGLISH_SIGNATURE} · `);
    expect(mail.text).toContain('Monday to Friday, 9am-5pm CST');
  });

  it("sign with Tester Services' hours in Spanish for a Spanish recipient (COMPANY.supportHoursEs)", () => {
    const mail = referralInvitationMessage({ ...ana, referrerFirstName: 'Rosa', link: 'https://testers.example.test/x', language: 'es' });
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(`${SPANISH_SIGNATURE} · (800) 555-0142 · de lunes a viernes, de 9 a.m. a 5 p.m. CST`);
      expect(body).not.toContain('Monday to Friday');
    }
  });
});

describe('the attendance and loyalty e-mails', () => {
  it('are Spanish for a Spanish tester, every kind, with Spanish dates', () => {
    expectSpanish(
      noShowWarningMessage({ tester: ana, noShows: 2, rule }),
      'Lo echamos de menos en su estudio de TesterHub',
      'ahora tiene 2 inasistencias en 6 meses.',
    );
    expectSpanish(
      suspensionMessage({ tester: ana, until: new Date('2026-04-15T18:00:00Z'), noShows: 3, rule }),
      'Su cuenta de TesterHub está suspendida hasta el miércoles, 15 de abril de 2026',
      'Usted no asistió a 3 estudios programados en 6 meses.',
    );
    expectSpanish(suspensionLiftedMessage(ana), 'Su cuenta de TesterHub está activa de nuevo', 'Tester Services levantó la suspensión');
    const reward = { name: 'Tarjeta de regalo', coins: 500 } as Parameters<typeof orderConfirmationMessage>[0]['reward'];
    expectSpanish(
      orderConfirmationMessage({ tester: ana, orderId: 12, reward }),
      'Su pedido de recompensa n.º 12: Tarjeta de regalo',
      'Gracias por canjear 500 monedas por Tarjeta de regalo (pedido n.º 12).',
    );
    const order = { id: 12, coins: 500 };
    expectSpanish(
      orderDecisionMessage(ana, order, 'Tarjeta de regalo', fulfilledText(12, 'CODE-1', new Date('2026-05-01T00:00:00Z'))),
      'Su recompensa ha sido enviada: pedido n.º 12',
      'infórmelo dentro de 30 días, a más tardar el 1 de mayo de 2026.',
    );
    expectSpanish(
      orderDecisionMessage(ana, order, 'Tarjeta de regalo', rejectedText(12, 'Sin existencias', 500)),
      'Su pedido de recompensa n.º 12 no se pudo completar',
      'Sus 500 monedas se han devuelto a su saldo.',
    );
    expectSpanish(
      drawingWinnerMessage(ana, '2026-11-16', '$50 gift card'),
      'Usted ganó el sorteo semanal: $50 gift card',
      '¡Felicidades! Usted ganó el sorteo de tarjetas de regalo de la semana del 2026-11-16',
    );
  });

  it('stay English, word for word, for an English tester', () => {
    const english = { ...ana, language: 'en' };
    const warning = noShowWarningMessage({ tester: english, noShows: 1, rule });
    expect(warning.subject).toBe('We missed you at your TesterHub study');
    expect(warning.text).toContain(
      'You were booked for a study but did not come, so it counts as a no-show: you now have 1 no-show within 6 months.',
    );
    const fulfilled = orderDecisionMessage(
      english,
      { id: 12, coins: 500 },
      'Gift card',
      fulfilledText(12, 'CODE-1', new Date('2026-05-01T00:00:00Z')),
    );
    expect(fulfilled.subject).toBe('Your reward has been sent: order #12');
    expect(fulfilled.text).toContain('Your order #12 for Gift card (500 coins):');
    expect(fulfilled.text).toContain('please report it within 30 days, by May 1, 2026.');
  });
});

describe("the schedule e-mails of a Spanish tester's booking", () => {
  let copy: TestDatabase;
  beforeAll(async () => {
    copy = await createTestDatabase();
  });
  afterAll(async () => {
    await copy.dispose();
  });

  it('are Spanish, dates and calendar file included, from booking to cancel', async () => {
    const db = copy.database.db;
    const tester = await createTester(db, { firstName: 'Ana', lastName: 'Calendario', language: 'es' });
    const study = await createStudy(db, { studyBasicInfo: 'Prueba de cereal' });
    // Tuesday, January 20th, 2026, 9:00 AM to 11:00 AM in Chicago (CST).
    const group = await createSessionGroup(db, {
      studyNo: study.studyNo,
      sessions: [{ startsAt: new Date('2026-01-20T15:00:00Z'), endsAt: new Date('2026-01-20T17:00:00Z') }],
      seats: 4,
      coOpCostCents: 7550,
    });
    const { scheduling } = schedulingWithMail(db, { now: new Date('2026-01-15T12:00:00Z') });
    expect((await scheduling.book({ testerId: tester.id, groupId: group.publicId })).status).toBe('succeed');

    const [booked] = await mailsTo(db, tester.email, 'schedule-booked');
    expect(booked!.subject).toBe('Su cita está confirmada: Prueba de cereal');
    expect(booked!.text).toContain('Hola Ana:');
    expect(booked!.text).toContain('Cuándo: martes, 20 de enero de 2026, 9:00 a.m. – 11:00 a.m. CST.');
    expect(booked!.text).toContain('Traiga una identificación oficial con foto y llegue 15 minutos antes.');
    expect(booked!.text).toContain('Compensación: $75.50 en total.');
    expect(booked!.text).toContain('Cancelar esta cita: ');
    // The cancel page opens in a fresh tab: the link tells it the tester's language.
    expect(booked!.text).toMatch(/\/community\/cancel\?c=[\w.-]+&lang=es\b/);
    expect(booked!.text).not.toMatch(/\b(When|Where|What|Compensation):/);
    const [event] = parseCalendar(booked!.attachments![0]!.content).events;
    expect(event!.summary).toBe('Prueba de cereal');
    expect(event!.description).toContain('Qué: Prueba de cereal (Sesión presencial).');
    expect(event!.description).toContain('Dónde: Chicago Test Center');
    expect(event!.description).toContain('Traiga una identificación oficial con foto');
    expect(event!.description).not.toContain('Cuándo:');

    // The reminder and a seat offer of the same booking, as the jobs write them.
    const row = (await createSchedulingRepository(db).groupById(group.id))!;
    const facts = {
      tester: { ...tester },
      language: 'es' as const,
      booking: { id: 1, revision: 1 },
      studyName: 'Prueba de cereal',
      group: row,
      site: undefined,
      timeZone: 'America/Chicago',
      noticeHours: 24,
      now: new Date('2026-01-15T12:00:00Z'),
      uidHost: 'testers.example.test',
      scheduleLink: 'https://testers.example.test/community/main/schedule/check',
    };
    const reminder = reminderMessage(facts, row.sessions[0]!);
    expect(reminder.subject).toBe('Recordatorio: Prueba de cereal el martes, 20 de enero de 2026, 9:00 a.m. – 11:00 a.m. CST');
    expect(reminder.text).toContain('Le recordamos su sesión para Prueba de cereal');
    const offer = seatOfferMessage({ ...facts, expiresAt: new Date('2026-01-16T18:00:00Z'), link: 'https://testers.example.test/o' });
    expect(offer.subject).toBe('Hay un lugar libre para usted: Prueba de cereal');
    expect(offer.text).toContain('se lo reservamos hasta el viernes, 16 de enero de 2026, 12:00 p.m. CST.');

    expect((await scheduling.cancel(tester.id, [study.studyNo])).status).toBe('succeed');
    const [cancelled] = await mailsTo(db, tester.email, 'schedule-cancelled');
    expect(cancelled!.subject).toBe('Su cita está cancelada: Prueba de cereal');
    expect(cancelled!.text).toContain('No se paga compensación por una sesión cancelada.');
    expect(parseCalendar(cancelled!.attachments![0]!.content).events[0]!.description).toContain('Qué: Prueba de cereal');
  });
});
