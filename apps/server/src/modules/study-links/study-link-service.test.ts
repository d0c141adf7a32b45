import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTester, sessionCookieFor } from '../../../test/factories.ts';
import { TEST_SEED_DATE } from '../../../test/database-names.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { inTransaction } from '../../core/db/client.ts';
import { emailOutbox, studies, studyInvitations, testers } from '../../core/db/schema.ts';
import { createMailService } from '../mail/mail-service.ts';
import { createStudyService } from '../studies/study-service.ts';
import { createTesterService } from '../testers/tester-service.ts';
import { verifyInvitationData } from './invitation-token.ts';
import { DEMO_INVITATIONS } from './study-link-seed.ts';
import { createStudyLinkService } from './study-link-service.ts';

/**
 * Invitations (decision 026): the e-mail a later staff console sends through enqueueInvitation,
 * written in the caller's unit of work, and the seeded invitations of the demo testers, followed
 * through the link calls as the browser makes them.
 */

const SECRET = 'study-link-secret-for-service-tests-0123456789';
const TEST_SUPPORT_SECRET = 'test-support-secret-for-study-links-0123456789';
const PUBLIC_URL = 'http://localhost:3999';
const clock = createFakeClock(new Date(TEST_SEED_DATE.getTime() + HOUR_MS));
const db = () => testApp.database.db;

const testApp = useTestApp({ clock, env: { STUDY_LINK_SECRET: SECRET, TEST_SUPPORT_SECRET, PUBLIC_URL } });

const unused = () => {
  throw new Error('not used by invitations');
};

/** The service as app.ts wires it, with the parts invitations do not use left out. */
function invitationService() {
  const database = db();
  const mail = createMailService(database, {
    clock,
    publicUrl: PUBLIC_URL,
    smtpUrl: undefined,
    mailFrom: 'T <t@t.test>',
    log: testApp.app.log,
  });
  return createStudyLinkService(database, {
    clock,
    secret: SECRET,
    validDays: 14,
    qualifiedLinkDays: 7,
    studies: createStudyService(database, { clock, aboutMe: { heldAnswerIds: async () => [] } }),
    screening: { verifyStudyLinkData: unused, signStudyLinkData: unused, screeningStatus: unused },
    scheduling: { hasLiveBookingInStudy: unused, hasUpcomingBooking: unused, hasBookableGroup: unused },
    testers: createTesterService(database, { clock, onTesterChanged: () => undefined }),
    mail,
    screenChild: unused,
  });
}

const outboxRow = (id: number | null) =>
  db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id ?? -1))
    .then((rows) => rows[0]);
const invitationRow = (id: number) =>
  db()
    .select()
    .from(studyInvitations)
    .where(eq(studyInvitations.id, id))
    .then((rows) => rows[0]!);

describe('enqueueInvitation', () => {
  it("writes the invitation e-mail with the tester's /community?s&t&d link to the outbox and marks the invitation sent", async () => {
    const service = invitationService();
    const tester = await createTester(db(), { firstName: 'Ines' });
    const invitation = await service.invite({ studyNo: 24106, testerId: tester.id });
    expect(invitation.sentAt).toBeNull();
    const outboxId = await inTransaction(db(), (tx) => service.enqueueInvitation(tx, invitation.id));

    const email = (await outboxRow(outboxId))!;
    expect(email).toMatchObject({ toAddress: tester.email, kind: 'study-invitation', status: 'pending' });
    expect(email.subject).toMatch(/^You are invited to a new .+ study$/);
    expect(email.text).toContain('Hi Ines,');
    expect(email.text).toContain('Online screener: household cleaning habits, 10 minutes');
    expect(email.text).toContain('The link works for 14 days.');
    const href = /See the study: (\S+)/.exec(email.text)![1]!;
    const link = new URL(href);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/community`);
    const [study] = await db().select({ guid: studies.guid }).from(studies).where(eq(studies.studyNo, 24106));
    expect(link.searchParams.get('s')).toBe(study!.guid);
    expect(link.searchParams.get('t')).toBe(tester.id);
    expect(verifyInvitationData(link.searchParams.get('d')!, SECRET)).toEqual({
      invitationId: invitation.id,
      testerId: tester.id,
      studyNo: 24106,
      issuedAt: Math.floor(clock.now().getTime() / 1000),
    });
    expect(email.html).toContain(href.replaceAll('&', '&amp;'));
    expect((await invitationRow(invitation.id)).sentAt).toEqual(clock.now());
  });

  it('belongs to the caller’s unit of work: a rolled-back transaction leaves no e-mail and no sent time', async () => {
    const service = invitationService();
    const tester = await createTester(db());
    const invitation = await service.invite({ studyNo: 24101, testerId: tester.id });
    let outboxId: number | null = 0;
    await expect(
      inTransaction(db(), async (tx) => {
        outboxId = await service.enqueueInvitation(tx, invitation.id);
        throw new Error('the console change failed');
      }),
    ).rejects.toThrow('the console change failed');
    expect(outboxId).toBeGreaterThan(0);
    expect(await outboxRow(outboxId)).toBeUndefined();
    expect((await invitationRow(invitation.id)).sentAt).toBeNull();
  });

  it('writes Spanish for a Spanish-speaking tester, and refuses an invitation that does not exist', async () => {
    const service = invitationService();
    const tester = await createTester(db(), { language: 'es', firstName: 'Sol' });
    const invitation = await service.invite({ studyNo: 24106, testerId: tester.id });
    const email = (await outboxRow(await inTransaction(db(), (tx) => service.enqueueInvitation(tx, invitation.id))))!;
    expect(email.subject).toMatch(/^Lo invitamos a un nuevo estudio/);
    expect(email.text).toContain('Hola Sol:');
    await expect(inTransaction(db(), (tx) => service.enqueueInvitation(tx, 987_654))).rejects.toThrow('No such invitation.');
  });

  it('keeps one invitation per tester and study', async () => {
    const service = invitationService();
    const tester = await createTester(db());
    const first = await service.invite({ studyNo: 24106, testerId: tester.id });
    const second = await service.invite({ studyNo: 24106, testerId: tester.id });
    expect(second.id).toBe(first.id);
  });

  it('skips the e-mail of a tester who turned e-mail off (decision 035) and sends it to one with e-mail on', async () => {
    const service = invitationService();
    const testerService = createTesterService(db(), { clock, onTesterChanged: () => undefined });
    const [emailOff, emailOn] = [await createTester(db()), await createTester(db())];
    await testerService.setContactSetting(emailOff.id, 'Email', false);
    // Another channel off changes nothing for e-mail.
    await testerService.setContactSetting(emailOn.id, 'NoText', false);
    const [offInvitation, onInvitation] = [
      await service.invite({ studyNo: 24106, testerId: emailOff.id }),
      await service.invite({ studyNo: 24106, testerId: emailOn.id }),
    ];

    expect(await inTransaction(db(), (tx) => service.enqueueInvitation(tx, offInvitation.id))).toBeNull();
    const outboxId = await inTransaction(db(), (tx) => service.enqueueInvitation(tx, onInvitation.id));

    const toOff = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, emailOff.email));
    expect(toOff).toEqual([]);
    expect((await invitationRow(offInvitation.id)).sentAt).toBeNull();
    expect(await outboxRow(outboxId)).toMatchObject({ toAddress: emailOn.email, kind: 'study-invitation' });
    expect((await invitationRow(onInvitation.id)).sentAt).toEqual(clock.now());
  });

  it('still sends account and security mail to a tester with e-mail off', async () => {
    const testerService = createTesterService(db(), { clock, onTesterChanged: () => undefined });
    const tester = await createTester(db());
    await testerService.setContactSetting(tester.id, 'Email', false);
    expect(await testerService.mayEmail(tester.id, 'account')).toBe(true);
    expect(await testerService.mayEmail(tester.id, 'security')).toBe(true);
    expect(await testerService.mayEmail(tester.id, 'invitation')).toBe(false);
    expect(await testerService.mayEmail(tester.id, 'marketing')).toBe(false);
  });
});

describe('the seeded invitations', () => {
  const post = (url: string, payload: unknown, headers: Record<string, string>) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(payload),
    });

  it('invite the demo testers, and each of demotester1’s leads to its own answer of the link flow', async () => {
    const rows = await db()
      .select({ username: testers.username, studyNo: studyInvitations.studyNo, sentAt: studyInvitations.sentAt })
      .from(studyInvitations)
      .innerJoin(testers, eq(testers.id, studyInvitations.testerId))
      .where(eq(testers.username, 'demotester1'));
    expect(rows.map((row) => row.studyNo).sort()).toEqual([...DEMO_INVITATIONS.demotester1!].sort());
    expect(rows.every((row) => row.sentAt === null)).toBe(true);

    const [demo] = await db().select({ id: testers.id }).from(testers).where(eq(testers.username, 'demotester1'));
    const cookie = await sessionCookieFor(db(), demo!.id);
    const answers: Record<number, string> = {};
    for (const studyNo of DEMO_INVITATIONS.demotester1!) {
      const minted = await post(
        '/api/test-support/study-link',
        { kind: 'invitation', testerId: demo!.id, studyNo },
        { 'x-test-support-secret': TEST_SUPPORT_SECRET },
      );
      const { s, t, d } = minted.json();
      const status = (await post('/api/default/GetQueStatusID', { studyGuid: s, testerGuid: t, data: d, kidGuid: '' }, { cookie })).json();
      answers[studyNo] =
        status.status === 'common'
          ? (await post('/api/study/GetStudyInfo', { study: s, tester: t, data: d }, { cookie })).json().status
          : status.status;
    }
    expect(answers).toEqual({ 24101: 'ts', 24104: 'child', 24106: 'succeed', 24107: 'external', 24108: 'noSeat', 24109: 'noSeat' });
  });
});
