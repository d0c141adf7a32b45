import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ReferralEvent } from '@testerhub/shared/public-content';
import { REFERRAL_EVENT_TEXTS, type StaffReferralEvent, type StaffReferralEventsResponse } from '@testerhub/shared/referral-event-schemas';
import { expectFieldError, getWith, OUR_PAGE, postJson } from '../../../../test/account-helpers.ts';
import { auditRowsWhere, createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../../test/staff-helpers.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { createFakeClock } from '../../../core/clock.ts';
import { referralEvents } from '../../../core/db/schema.ts';

/**
 * The referral event texts in the staff console (issue 12 section 6; decision 066): listed with the
 * month testers see, added, edited and removed by content staff, shown by GetReferralEvent at once,
 * every change audited, plain text only, a save from an older copy refused, and of simultaneous
 * saves of one text from one copy, one wins.
 */

// May 2031: a month of its own, after the seeded one.
const clock = createFakeClock('2031-05-15T12:00:00Z');
const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, PUBLIC_CONTENT_CACHE_SECONDS: '3600' } });
const db = () => testApp.database.db;

async function contentStaff() {
  const { staff } = await createStaffMember(db(), { roles: ['content'] });
  const now = clock.now();
  return { staff, cookie: await staffCookieFor(db(), staff.id, { lastSeenAt: now, expiresAt: new Date(now.getTime() + 86_400_000) }) };
}
const post = (cookie: string, call: string, body: unknown) => postJson(testApp.app, `/api/staff/content/${call}`, body, { cookie });
const list = async (cookie: string) => {
  const answer = await getWith(testApp.app, '/api/staff/content/ReferralEvents', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as StaffReferralEventsResponse;
};
const shown = async () => {
  return ((await getWith(testApp.app, '/api/callout/GetReferralEvent', { headers: OUR_PAGE })).json() as ReferralEvent[]).map(
    (event) => event.referralComment,
  );
};
const auditRows = (id: number) => auditRowsWhere(db(), { targetType: 'referral-event', targetId: String(id) });

async function add(cookie: string, fields: { month: string; referralComment: string; sortOrder?: number }) {
  const answer = await post(cookie, 'SaveReferralEvent', { sortOrder: 0, ...fields });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toMatchObject({ status: 'succeed', message: REFERRAL_EVENT_TEXTS.added });
  return answer.json().event as StaffReferralEvent;
}

describe('referral event texts', () => {
  it('lists every month with the one testers see; adds, edits and removes a text, each shown at once and audited', async () => {
    const { staff, cookie } = await contentStaff();
    const before = await list(cookie);
    expect(before.events.length).toBeGreaterThan(0); // the seed's month
    const seededMonth = before.events[0]!.month;
    expect(before.shownMonth).toBe(seededMonth);
    expect(await shown()).toEqual(before.events.filter((event) => event.month === seededMonth).map((event) => event.referralComment));

    const second = await add(cookie, { month: '2031-05', referralComment: 'Refer two friends in May: 200 bonus coins.', sortOrder: 2 });
    const first = await add(cookie, { month: '2031-05', referralComment: '  Double coins for every May referral.  ', sortOrder: 1 });
    expect(first).toMatchObject({ month: '2031-05', referralComment: 'Double coins for every May referral.', sortOrder: 1, revision: 1 });
    expect(await shown()).toEqual(['Double coins for every May referral.', 'Refer two friends in May: 200 bonus coins.']);
    const afterAdd = await list(cookie);
    expect(afterAdd.shownMonth).toBe('2031-05');
    expect(afterAdd.events.slice(0, 2).map((event) => event.id)).toEqual([first.id, second.id]);

    const edited = await post(cookie, 'SaveReferralEvent', {
      ...second,
      referralComment: 'Refer 2 friends in May: 250 coins.',
      sortOrder: 0,
    });
    expect(edited.json()).toMatchObject({ status: 'succeed', message: REFERRAL_EVENT_TEXTS.saved, event: { revision: 2, sortOrder: 0 } });
    expect(await shown()).toEqual(['Refer 2 friends in May: 250 coins.', 'Double coins for every May referral.']);

    expect((await post(cookie, 'RemoveReferralEvent', { id: second.id, revision: 2 })).json()).toEqual({
      status: 'succeed',
      message: REFERRAL_EVENT_TEXTS.removed,
    });
    expect(await shown()).toEqual(['Double coins for every May referral.']);
    const rows = await auditRows(second.id);
    expect(rows.map((row) => row.action).sort()).toEqual(['referral-event.add', 'referral-event.edit', 'referral-event.remove']);
    expect(rows.every((row) => row.staffId === staff.id)).toBe(true);
    expect(rows.find((row) => row.action === 'referral-event.remove')).toMatchObject({
      before: expect.objectContaining({ referralComment: 'Refer 2 friends in May: 250 coins.' }),
      after: null,
    });

    // A month ahead is not shown before it comes.
    await add(cookie, { month: '2031-06', referralComment: 'June offer.' });
    expect(await shown()).toEqual(['Double coins for every May referral.']);
    clock.set('2031-06-01T05:30:00Z'); // 00:30 on 1 June in Chicago, the company's time zone
    expect(await shown()).toEqual(['June offer.']);
    clock.set('2031-05-15T12:00:00Z');
  });

  it('refuses markup, an over-long or empty text, a bad month, a stale save and an unknown text, writing nothing', async () => {
    const { cookie } = await contentStaff();
    const base = { month: '2031-04', referralComment: 'April offer.', sortOrder: 0 };
    expectFieldError(
      await post(cookie, 'SaveReferralEvent', { ...base, referralComment: '<b>Bold</b> offer' }),
      'referralComment',
      REFERRAL_EVENT_TEXTS.commentMarkup,
    );
    expectFieldError(
      await post(cookie, 'SaveReferralEvent', { ...base, referralComment: 'x'.repeat(301) }),
      'referralComment',
      REFERRAL_EVENT_TEXTS.commentTooLong,
    );
    expectFieldError(
      await post(cookie, 'SaveReferralEvent', { ...base, referralComment: '   ' }),
      'referralComment',
      REFERRAL_EVENT_TEXTS.commentRequired,
    );
    expectFieldError(await post(cookie, 'SaveReferralEvent', { ...base, month: '2031-13' }), 'month', REFERRAL_EVENT_TEXTS.monthInvalid);
    expectFieldError(
      await post(cookie, 'SaveReferralEvent', { ...base, sortOrder: 1000 }),
      'sortOrder',
      REFERRAL_EVENT_TEXTS.sortOrderInvalid,
    );
    expect(await db().select().from(referralEvents).where(eq(referralEvents.month, '2031-04-01'))).toHaveLength(0);

    const event = await add(cookie, base);
    expect((await post(cookie, 'SaveReferralEvent', { ...event, referralComment: 'First save.' })).json()).toMatchObject({
      status: 'succeed',
    });
    expect((await post(cookie, 'SaveReferralEvent', { ...event, referralComment: 'Second save.' })).json()).toEqual({
      status: 'failed',
      message: REFERRAL_EVENT_TEXTS.changed,
    });
    expect((await post(cookie, 'RemoveReferralEvent', { id: event.id, revision: 1 })).json()).toEqual({
      status: 'failed',
      message: REFERRAL_EVENT_TEXTS.changed,
    });
    expect((await post(cookie, 'SaveReferralEvent', { ...event, id: 2_000_000_000 })).json()).toEqual({
      status: 'failed',
      message: REFERRAL_EVENT_TEXTS.notFound,
    });
    const [row] = await db().select().from(referralEvents).where(eq(referralEvents.id, event.id));
    expect(row).toMatchObject({ referralComment: 'First save.', revision: 2 });
    expect((await auditRows(event.id)).map((audit) => audit.action).sort()).toEqual(['referral-event.add', 'referral-event.edit']);
  });

  it('two editors at once: of 12 simultaneous saves and removals from one copy, one succeeds and the rest are told it changed', async () => {
    const one = await contentStaff();
    const two = await contentStaff();
    for (let round = 0; round < 2; round += 1) {
      const event = await add(one.cookie, { month: '2031-03', referralComment: `Race ${round}` });
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) => {
          const cookie = index % 2 === 0 ? one.cookie : two.cookie;
          return index % 5 === 0
            ? post(cookie, 'RemoveReferralEvent', { id: event.id, revision: 1 })
            : post(cookie, 'SaveReferralEvent', { ...event, referralComment: `Race ${round} by ${index}` });
        }),
      );
      const bodies = answers.map((answer) => answer.json() as { status: string; message: string });
      expect(bodies.filter((body) => body.status === 'succeed')).toHaveLength(1);
      const failed = bodies.filter((body) => body.status === 'failed').map((body) => body.message);
      expect(failed).toHaveLength(11);
      for (const message of failed) expect([REFERRAL_EVENT_TEXTS.changed, REFERRAL_EVENT_TEXTS.notFound]).toContain(message);
      expect(await auditRows(event.id)).toHaveLength(2); // the add and the one change
      const rows = await db().select().from(referralEvents).where(eq(referralEvents.id, event.id));
      expect(rows.length === 0 || rows[0]!.revision === 2).toBe(true);
    }
  });
});
