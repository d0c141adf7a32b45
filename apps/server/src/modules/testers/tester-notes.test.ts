import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TESTER_NOTE_MAX, TESTER_NOTE_TEXTS, STAFF_TESTER_TEXTS, type TesterNotesResponse } from '@testerhub/shared/staff-testers-schemas';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester, createTester } from '../../../test/factories.ts';
import { auditRowsWhere, createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { testerNotes } from '../../core/db/schema.ts';

/**
 * Staff notes on a tester (issue 29; decision 116): recruiters add a note (trimmed, 1 to 2,000
 * characters) and read them newest first with author and time; only the author deletes one, within
 * 24 hours, once however many press; every change is audited against the tester without the text;
 * the tester never sees a note, not in their own export either, and notes go with the account.
 * PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */

const NOW = new Date('2026-11-25T18:00:00Z');
const clock = createFakeClock(NOW);
const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

let named = 0;
async function recruiter() {
  const { staff } = await createStaffMember(db(), { roles: ['recruiter'] });
  return { staff, cookie: await staffCookieFor(db(), staff.id, { lastSeenAt: NOW, expiresAt: new Date(NOW.getTime() + HOUR_MS) }) };
}
const post = (cookie: string, call: string, body: unknown) => postJson(testApp.app, `/api/staff/testers/${call}`, body, { cookie });
async function notesOf(cookie: string, testerId: string) {
  const answer = await getWith(testApp.app, `/api/staff/testers/Notes?testerId=${testerId}`, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as TesterNotesResponse;
}
/** A note written straight in the database `ago` before now, by `staffId`. */
async function noteWritten(testerId: string, staffId: string, ago: number, text = `Old note ${++named}`) {
  const [note] = await db()
    .insert(testerNotes)
    .values({ testerId, staffId, text, createdAt: new Date(NOW.getTime() - ago) })
    .returning();
  return note!;
}

describe('notes on a tester', () => {
  it('adds a trimmed note, lists the notes newest first with author and time, and audits the tester without the text', async () => {
    clock.set(NOW);
    const author = await recruiter();
    const other = await recruiter();
    const tester = await createTester(db());
    const older = await noteWritten(tester.id, other.staff.id, 2 * HOUR_MS, 'Called about parking.');

    const added = await post(author.cookie, 'AddNote', { testerId: tester.id, text: '  Prefers morning sessions.\n' });
    expect(added.json()).toEqual({ status: 'succeed', message: TESTER_NOTE_TEXTS.added });

    const listed = await notesOf(author.cookie, tester.id);
    expect(listed).toMatchObject({ status: 'succeed', hasMore: false });
    expect(listed.notes.map(({ noteId: _noteId, ...rest }) => rest)).toEqual([
      { text: 'Prefers morning sessions.', authorName: author.staff.name, createdAt: NOW.toISOString(), deletable: true },
      { text: 'Called about parking.', authorName: other.staff.name, createdAt: older.createdAt.toISOString(), deletable: false },
    ]);
    // Each reader sees only their own notes as deletable.
    expect((await notesOf(other.cookie, tester.id)).notes.map((note) => note.deletable)).toEqual([false, true]);

    const audit = await auditRowsWhere(db(), { targetType: 'tester', targetId: tester.id, action: 'tester.note-add' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffId: author.staff.id, after: { noteId: listed.notes[0]!.noteId, characters: 25 } });
    expect(JSON.stringify(audit[0])).not.toContain('morning');

    expect(await notesOf(author.cookie, '00000000-0000-4000-8000-000000000000')).toEqual({
      status: 'failed',
      message: STAFF_TESTER_TEXTS.testerUnknown,
      notes: [],
      hasMore: false,
    });
  });

  it('takes 2,000 characters and refuses 2,001 or a blank note with their messages, writing nothing', async () => {
    clock.set(NOW);
    const { cookie } = await recruiter();
    const tester = await createTester(db());
    const longest = 'n'.repeat(TESTER_NOTE_MAX);
    expect((await post(cookie, 'AddNote', { testerId: tester.id, text: ` ${longest} ` })).json().status).toBe('succeed');
    const tooLong = await post(cookie, 'AddNote', { testerId: tester.id, text: `${longest}n` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain(TESTER_NOTE_TEXTS.textTooLong);
    for (const text of ['', '   \n ']) {
      const blank = await post(cookie, 'AddNote', { testerId: tester.id, text });
      expect(blank.statusCode).toBe(400);
      expect(blank.body).toContain(TESTER_NOTE_TEXTS.textRequired);
    }
    expect((await notesOf(cookie, tester.id)).notes.map((note) => note.text)).toEqual([longest]);
  });

  it('lets only the author delete a note, until 24 hours after writing it, and audits the deletion', async () => {
    clock.set(NOW);
    const author = await recruiter();
    const other = await recruiter();
    const tester = await createTester(db());
    const lastMoment = await noteWritten(tester.id, author.staff.id, 24 * HOUR_MS - 1);
    const tooOld = await noteWritten(tester.id, author.staff.id, 24 * HOUR_MS);

    const notTheirs = await post(other.cookie, 'DeleteNote', { testerId: tester.id, noteId: lastMoment.id });
    expect(notTheirs.json()).toEqual({ status: 'failed', message: TESTER_NOTE_TEXTS.notDeletable });
    const late = await post(author.cookie, 'DeleteNote', { testerId: tester.id, noteId: tooOld.id });
    expect(late.json()).toEqual({ status: 'failed', message: TESTER_NOTE_TEXTS.notDeletable });
    // A note id under another tester is not this tester's note.
    const elsewhere = await post(author.cookie, 'DeleteNote', { testerId: (await createTester(db())).id, noteId: lastMoment.id });
    expect(elsewhere.json()).toEqual({ status: 'failed', message: TESTER_NOTE_TEXTS.noteUnknown });

    const deleted = await post(author.cookie, 'DeleteNote', { testerId: tester.id, noteId: lastMoment.id });
    expect(deleted.json()).toEqual({ status: 'succeed', message: TESTER_NOTE_TEXTS.deleted });
    expect((await notesOf(author.cookie, tester.id)).notes.map((note) => note.noteId)).toEqual([tooOld.id]);

    const audit = await auditRowsWhere(db(), { targetType: 'tester', targetId: tester.id, action: 'tester.note-delete' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffId: author.staff.id, before: { noteId: lastMoment.id }, after: null });
    expect(JSON.stringify(audit[0])).not.toContain(lastMoment.text);
  });

  it('deletes a note once however many delete it at the same time', async () => {
    clock.set(NOW);
    const author = await recruiter();
    const tester = await createTester(db());
    const note = await noteWritten(tester.id, author.staff.id, HOUR_MS);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(author.cookie, 'DeleteNote', { testerId: tester.id, noteId: note.id })),
    );
    expect(answers.map((answer) => answer.json().status).sort()).toEqual(['failed', 'failed', 'failed', 'failed', 'succeed']);
    expect(await db().select().from(testerNotes).where(eq(testerNotes.id, note.id))).toHaveLength(0);
    expect(await auditRowsWhere(db(), { targetType: 'tester', targetId: tester.id, action: 'tester.note-delete' })).toHaveLength(1);
  });

  it('never reaches the tester: not in their own export nor in the export staff download; deleted with the account', async () => {
    clock.set(NOW);
    const staff = await recruiter();
    const { tester, cookie } = await createLoggedInTester(db());
    const secret = 'Staff-only remark 7f3a';
    expect((await post(staff.cookie, 'AddNote', { testerId: tester.id, text: secret })).json().status).toBe('succeed');

    const own = await getWith(testApp.app, '/api/account/ExportMyData', { cookie });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.body).not.toContain(secret);
    const forStaff = await getWith(testApp.app, `/api/staff/testers/Export?testerId=${tester.id}`, { cookie: staff.cookie });
    expect(forStaff.statusCode, forStaff.body).toBe(200);
    expect(forStaff.body).not.toContain(secret);
    // A tester's session does not reach the staff route.
    expect((await getWith(testApp.app, `/api/staff/testers/Notes?testerId=${tester.id}`, { cookie })).statusCode).toBe(401);

    const confirmation = tester.username;
    const deleted = await post(staff.cookie, 'Delete', { testerId: tester.id, confirmation, reason: 'Asked by e-mail' });
    expect(deleted.json().status).toBe('succeed');
    expect(await db().select().from(testerNotes).where(eq(testerNotes.testerId, tester.id))).toHaveLength(0);
  });
});
