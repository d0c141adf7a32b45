import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StaffAuditEntry, StaffRole } from '@testerhub/shared/staff-schemas';
import { postJson } from '../../../test/account-helpers.ts';
import { createBooking, createSessionGroup, createStudy, createTester } from '../../../test/factories.ts';
import { auditRowsWhere, createStaffMember, STAFF_PASSWORD, useStaffTestApp } from '../../../test/staff-helpers.ts';
import { createFakeClock } from '../../core/clock.ts';
import { staffAuditLog, testers } from '../../core/db/schema.ts';

/**
 * Reads of personal data in the audit log (issue 29; decision 127): the study results CSV, tester
 * searches and tester-page views, failed staff sign-ins and wrong codes; entries name their targets,
 * in one statement per page; the log exports to CSV for admins, and the export is audited.
 */

const NOW = new Date('2026-11-25T18:00:00Z');
const clock = createFakeClock(NOW);

const { testApp, db, get, staffCookie, countStatements } = useStaffTestApp(clock);

async function logEntries(cookie: string, query = ''): Promise<StaffAuditEntry[]> {
  const answer = await get(`/api/staff/admin/AuditLog?${query}`, cookie);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().entries;
}

const idEnd = (id: string) => id.slice(-4);

describe('reads of personal data are audited', () => {
  it('writes the study results CSV download with the study and how many screenings and bookings it holds; the log names the study', async () => {
    const { staff, cookie } = await staffCookie(['admin']);
    const study = await createStudy(db(), { colorName: 'Orange' });
    const group = await createSessionGroup(db(), { studyNo: study.studyNo, cell: 'B', now: NOW });
    const tester = await createTester(db(), { firstName: 'Ana', lastName: 'Ruiz' });
    await createBooking(db(), { testerId: tester.id, studyNo: study.studyNo, groupId: group.id });

    const csv = await get(`/api/staff/study-results/Export?studyNo=${study.studyNo}`, cookie);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Ana');
    const rows = await auditRowsWhere(db(), { staffId: staff.id, action: 'study-results.export' });
    expect(rows.map((row) => [row.targetType, row.targetId, row.after])).toEqual([
      ['study', String(study.studyNo), { screenings: 0, bookings: 1 }],
    ]);
    const [entry] = await logEntries(cookie, 'action=study-results.export');
    expect(entry!.targetName).toBe(`Study ${study.studyNo} Orange`);
    expect(entry!.staffName).toBe(staff.name);
  });

  it('writes a tester search with its kind and count: a name as typed, an e-mail or phone redacted', async () => {
    const { staff, cookie } = await staffCookie(['recruiter']);
    await createTester(db(), { firstName: 'Ana', lastName: 'Zamora', phone: '3125550199' });
    for (const q of ['zamora', 'ana.zamora@mail.example.test', '(312) 555-0199']) {
      const answer = await get(`/api/staff/testers/Search?q=${encodeURIComponent(q)}`, cookie);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const rows = await auditRowsWhere(db(), { staffId: staff.id, action: 'tester.search' });
    expect(rows.map((row) => [row.targetType, row.targetId, row.after])).toEqual([
      ['tester-search', 'name', { kind: 'name', query: 'zamora', found: 1 }],
      ['tester-search', 'email', { kind: 'email', query: 'a…@mail.example.test', found: 0 }],
      ['tester-search', 'phone', { kind: 'phone', query: '…99', found: 1 }],
    ]);
  });

  it("writes a tester-page view once per member, tester and minute, and keeps views out of the tester's trail of changes", async () => {
    const { staff, cookie } = await staffCookie(['recruiter']);
    const tester = await createTester(db(), { firstName: 'Ana', lastName: 'Ruiz' });
    const view = async () => {
      const answer = await get(`/api/staff/testers/Tester?testerId=${tester.id}`, cookie);
      expect(answer.json().status, answer.body).toBe('succeed');
      return answer.json();
    };
    const views = () => auditRowsWhere(db(), { staffId: staff.id, action: 'tester.view', targetId: tester.id });
    await view();
    await Promise.all([view(), view()]);
    expect(await views()).toHaveLength(1);
    clock.advance(61_000);
    const page = await view();
    expect(await views()).toHaveLength(2);
    expect(page.tester.audit).toEqual([]);
  });

  it('writes a failed staff sign-in with the name typed and the address, no actor and never the password', async () => {
    const { staff } = await createStaffMember(db(), { roles: ['recruiter'] });
    const { cookie } = await staffCookie(['admin']);
    const wrongPassword = 'Wrong#Password99';
    const unknown = await postJson(
      testApp.app,
      '/api/staff/Login',
      { email: 'nobody@staff.example.test', password: wrongPassword },
      { remoteAddress: '10.9.8.7' },
    );
    const wrong = await postJson(
      testApp.app,
      '/api/staff/Login',
      { email: staff.email, password: wrongPassword },
      { remoteAddress: '10.9.8.6' },
    );
    expect([unknown.json().status, wrong.json().status]).toEqual(['failed', 'failed']);
    const rows = await auditRowsWhere(db(), { action: 'staff.sign-in-failed' });
    expect(rows.map((row) => [row.staffId, row.targetType, row.targetId, row.after])).toEqual([
      [null, 'staff', 'unknown', { username: 'nobody@staff.example.test', address: '10.9.8.7', reason: 'unknown-name' }],
      [null, 'staff', staff.id, { username: staff.email, address: '10.9.8.6', reason: 'wrong-password' }],
    ]);
    expect(JSON.stringify(rows)).not.toContain(wrongPassword);
    const entries = await logEntries(cookie, 'action=staff.sign-in-failed');
    expect(entries.map((entry) => [entry.staffName, entry.targetName])).toEqual([
      ['Unknown (not signed in)', staff.name],
      ['Unknown (not signed in)', ''],
    ]);
  });

  it('writes a wrong two-factor code against the member, with the address and never the code', async () => {
    const { staff } = await createStaffMember(db(), { roles: ['recruiter'] });
    const step = await postJson(
      testApp.app,
      '/api/staff/Login',
      { email: staff.email, password: STAFF_PASSWORD },
      { remoteAddress: '10.9.7.1' },
    );
    expect(step.json().status, step.body).toBe('secondFactor');
    const stepCookie = step.cookies.find((c) => c.name === 'th_staff_step')!;
    const answer = await postJson(
      testApp.app,
      '/api/staff/LoginCode',
      { code: '000000' },
      { cookie: `${stepCookie.name}=${stepCookie.value}`, remoteAddress: '10.9.7.2' },
    );
    expect(answer.json().status, answer.body).toBe('codeWrong');
    const rows = await auditRowsWhere(db(), { action: 'staff.code-wrong', targetId: staff.id });
    expect(rows.map((row) => [row.staffId, row.targetType, row.after])).toEqual([[null, 'staff', { code: 'totp', address: '10.9.7.2' }]]);
  });
});

describe('the audit log names its targets', () => {
  it('shows a tester by name and the end of the id, a study by number and colour, a group by cell and first session, a deleted tester as "(deleted)"', async () => {
    const { cookie } = await staffCookie(['admin']);
    const study = await createStudy(db(), { colorName: 'Orange' });
    const group = await createSessionGroup(db(), {
      studyNo: study.studyNo,
      cell: 'B',
      siteId: '00001',
      sessions: [{ startsAt: new Date('2026-12-03T16:00:00Z'), endsAt: new Date('2026-12-03T17:00:00Z') }],
    });
    const ana = await createTester(db(), { firstName: 'Ana', lastName: 'Ruiz' });
    const gone = await createTester(db(), { firstName: 'Gone', lastName: 'Away' });
    const { staff: recruiter, cookie: recruiterCookie } = await staffCookie(['recruiter']);
    for (const testerId of [ana.id, gone.id])
      expect((await get(`/api/staff/testers/Tester?testerId=${testerId}`, recruiterCookie)).statusCode).toBe(200);
    await db().delete(testers).where(eq(testers.id, gone.id));
    await get(`/api/staff/study-results/Export?studyNo=${study.studyNo}`, recruiterCookie);
    // A group's change, as the session-admin unit of work writes it.
    await db().insert(staffAuditLog).values({
      staffId: recruiter.id,
      action: 'session-group.close',
      targetType: 'session-group',
      targetId: group.publicId,
      at: clock.now(),
    });
    const entries = await logEntries(cookie, `staffId=${recruiter.id}`);
    const named = Object.fromEntries(entries.map((entry) => [`${entry.action}:${entry.targetId}`, entry.targetName]));
    expect(named).toEqual({
      [`tester.view:${ana.id}`]: `Tester Ana Ruiz (…${idEnd(ana.id)})`,
      [`tester.view:${gone.id}`]: '(deleted)',
      [`study-results.export:${study.studyNo}`]: `Study ${study.studyNo} Orange`,
      [`session-group.close:${group.publicId}`]: 'Group B, 3 Dec 10:00',
    });
  });

  it('reads a page of the log in the same number of statements for one entry or many of every kind', async () => {
    const { cookie } = await staffCookie(['admin']);
    const { staff: recruiter, cookie: recruiterCookie } = await staffCookie(['recruiter']);
    const counted = async () => {
      const { result, statements } = await countStatements(() => logEntries(cookie, `staffId=${recruiter.id}`));
      return { statements, entries: result.length };
    };
    const first = await createTester(db());
    await get(`/api/staff/testers/Tester?testerId=${first.id}`, recruiterCookie);
    await counted(); // warms the admin's session
    const one = await counted();
    for (let index = 0; index < 6; index += 1) {
      const tester = await createTester(db());
      await get(`/api/staff/testers/Tester?testerId=${tester.id}`, recruiterCookie);
      const study = await createStudy(db());
      await get(`/api/staff/study-results/Export?studyNo=${study.studyNo}`, recruiterCookie);
    }
    const many = await counted();
    expect([one.entries, many.entries]).toEqual([1, 13]);
    expect(many.statements).toBe(one.statements);
    // The staff session, the page of rows, the targets' names, the actions for the filter.
    expect(one.statements).toBeLessThanOrEqual(4);
  });
});

describe('the audit log as CSV', () => {
  it('answers admins with the filtered rows named, and audits the export', async () => {
    const { staff: admin, cookie } = await staffCookie(['admin']);
    const { staff: recruiter, cookie: recruiterCookie } = await staffCookie(['recruiter']);
    const ana = await createTester(db(), { firstName: 'Ana', lastName: 'Ruiz' });
    await get(`/api/staff/testers/Tester?testerId=${ana.id}`, recruiterCookie);
    await get(`/api/staff/testers/Search?q=ruiz`, recruiterCookie);
    const answer = await get(`/api/staff/admin/AuditLog.csv?staffId=${recruiter.id}&action=tester.view`, cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="audit-log-2026-11-25.csv"');
    const lines = answer.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('At (UTC),Staff member,Action,Target,Target type,Target id,Before,After');
    expect(lines.slice(1)).toEqual([
      `${clock.now().toISOString()},${recruiter.name},tester.view,Tester Ana Ruiz (…${idEnd(ana.id)}),tester,${ana.id},,`,
    ]);
    const exports = await auditRowsWhere(db(), { staffId: admin.id, action: 'audit.export' });
    expect(exports.map((row) => row.after)).toEqual([{ filters: { staffId: recruiter.id, action: 'tester.view' }, rows: 1 }]);
  });

  it('refuses every role but admin (403) and a caller with no session (401)', async () => {
    const before = await auditRowsWhere(db(), { action: 'audit.export' });
    for (const role of ['recruiter', 'site-staff', 'rewards', 'content'] as StaffRole[]) {
      const { cookie } = await staffCookie([role]);
      expect((await get('/api/staff/admin/AuditLog.csv', cookie)).statusCode, role).toBe(403);
    }
    expect((await testApp.app.inject({ method: 'GET', url: '/api/staff/admin/AuditLog.csv' })).statusCode).toBe(401);
    expect(await auditRowsWhere(db(), { action: 'audit.export' })).toEqual(before);
  });
});
