// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { childPopupStub } from '../../../test/child-popup-stub';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import { outsidePage } from './screener-redirect';
import { STUDY_LINK_TEXTS } from './screener-texts';
import { HANDLED_LINK_KEY } from './study-link-flow';
import { StudyLinkRunner } from './study-link-runner';

const api = fakeApi();

const S = '11111111-1111-4111-8111-111111111111';
const T = '22222222-2222-4222-8222-222222222222';
const K = '33333333-3333-4333-8333-333333333333';
const D = 'eyJ0IjoiIn0.signature';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The runner as the portal shell mounts it, above a few portal pages. */
function renderRunner(path = '/community/main/screener') {
  const logOut = vi.fn();
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <WithPortalQuery>
        <StudyLinkRunner logOut={logOut} childPopup={childPopupStub} />
        <Routes>
          <Route path="/community/main/*" element={<Where />} />
        </Routes>
        <Link to="/community/main/about-me">About me</Link>
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return { logOut, user };
}

function storeLink(values: Record<string, string> = { s: S, t: T, d: D }) {
  for (const [key, value] of Object.entries(values)) window.sessionStorage.setItem(key, value);
  window.sessionStorage.setItem('study', values.s ?? '');
  window.sessionStorage.setItem('tester', values.t ?? '');
}

/** The server's answers for a link that gets as far as GetStudyInfo (common). */
function answer(options: { participant?: unknown; que?: unknown; info?: unknown; kid?: unknown } = {}) {
  api.answers['/study/CheckParticipantType'] = {
    body: options.participant ?? { status: 'succeed', participantTypeID: 4, resultQueExisted: false, studyNo: 24106, minimumAge: 18 },
  };
  api.answers['/default/GetQueStatusID'] = { body: options.que ?? { status: 'common', data: D } };
  if (options.info) api.answers['/study/GetStudyInfo'] = { body: options.info };
  if (options.kid) api.answers['/study/GetKidStudyInfo'] = { body: options.kid };
}

const info = (status: string, f: string, url = '', e = false) => ({ status, url, f, e, studyNo: 24106, data: D });
const stored = () => ['s', 't', 'd', 'k', 'e', 'study', 'tester'].map((key) => window.sessionStorage.getItem(key));
const where = () => screen.getByTestId('where');

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('the login-time study-link flow (spec 2, section 4 "Login-time study links")', () => {
  test('does nothing without a stored s and t', async () => {
    window.sessionStorage.setItem('s', S);
    renderRunner();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toEqual([]);
  });

  test('a link stored after the portal opened runs on the next navigation (the flow loads then)', async () => {
    const { user } = renderRunner();
    expect(api.calls).toEqual([]);
    storeLink();
    answer({ info: info('succeed', 'screener', '/community/main/screener/24106') });
    await user.click(screen.getByRole('link', { name: 'About me' }));
    await waitFor(() => expect(where()).toHaveTextContent('/community/main/screener/24106'));
    expect(api.paths()).toEqual(['/study/CheckParticipantType', '/default/GetQueStatusID', '/study/GetStudyInfo']);
  });

  test('common, then succeed: the calls in the spec’s order with the stored parameters, a loading state, then the screener it names', async () => {
    storeLink({ s: S, t: T, d: D, e: 'code1' });
    answer({ info: info('succeed', 'screener', '/community/main/screener/24106') });
    // The calls wait until the loading state has been seen.
    const answered = globalThis.fetch;
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await gate;
      return answered(...args);
    });
    renderRunner();
    expect(await screen.findByRole('status')).toHaveTextContent(STUDY_LINK_TEXTS.opening);
    release();
    await waitFor(() => expect(where()).toHaveTextContent('/community/main/screener/24106'));
    expect(api.calls).toEqual([
      { path: '/study/CheckParticipantType', body: S },
      { path: '/default/GetQueStatusID', body: { studyGuid: S, testerGuid: T, data: D, kidGuid: '' } },
      { path: '/study/GetStudyInfo', body: { study: S, tester: T, data: D } },
    ]);
    expect(stored()).toEqual([null, null, null, null, null, null, null]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('succeed to the self-schedule page keeps s, t and d for that page, and the same link does not run twice', async () => {
    storeLink();
    const self = `/community/main/schedule/self?s=${S}&t=${T}&d=${D}`;
    answer({ info: info('succeed', 'selfSchedule', self) });
    const { user } = renderRunner();
    await waitFor(() => expect(where()).toHaveTextContent(self));
    expect(window.sessionStorage.getItem('d')).toBe(D);
    expect(window.sessionStorage.getItem(HANDLED_LINK_KEY)).toBe(`${S}|${T}|${D}|`);
    await user.click(screen.getByRole('link', { name: 'About me' }));
    await waitFor(() => expect(where()).toHaveTextContent('/community/main/about-me'));
    expect(api.paths().filter((path) => path === '/default/GetQueStatusID')).toHaveLength(1);
  });

  test('on the self-schedule page the stored link is marked handled at once, before the flow has loaded (CI: leaving the page ran it again)', () => {
    storeLink();
    renderRunner(`/community/main/schedule/self?s=${S}&t=${T}&d=${D}`);
    // No await: the flow's chunk has not loaded yet, and the tester may leave the page before it does.
    expect(window.sessionStorage.getItem(HANDLED_LINK_KEY)).toBe(`${S}|${T}|${D}|`);
  });

  test('leaves the self-schedule page its own parameters, also once the tester moves on from it', async () => {
    storeLink();
    answer({ info: info('succeed', 'selfSchedule', `/community/main/schedule/self?s=${S}&t=${T}&d=${D}`) });
    const { user } = renderRunner(`/community/main/schedule/self?s=${S}&t=${T}&d=${D}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'About me' }));
    await waitFor(() => expect(where()).toHaveTextContent('/community/main/about-me'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toEqual([]);
  });

  test('ts: the schedule check, the link cleared', async () => {
    storeLink();
    answer({ que: { status: 'ts', data: D } });
    renderRunner();
    await waitFor(() => expect(where()).toHaveTextContent('/community/main/schedule/check'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stored()[0]).toBeNull();
    expect(api.paths()).not.toContain('/study/GetStudyInfo');
  });

  test('hasSchedule: the schedule check with the priority notice', async () => {
    storeLink();
    answer({ que: { status: 'hasSchedule', data: D } });
    const { user } = renderRunner();
    const dialog = await screen.findByRole('dialog', { name: STUDY_LINK_TEXTS.priorityTitle });
    expect(dialog).toHaveTextContent(STUDY_LINK_TEXTS.priority);
    await waitFor(() => expect(where()).toHaveTextContent('/community/main/schedule/check'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('differentAccount: the mismatch notice, the link cleared at once, and closing it logs out', async () => {
    storeLink();
    answer({ que: { status: 'differentAccount', data: '' } });
    const { user, logOut } = renderRunner();
    const dialog = await screen.findByRole('dialog', { name: STUDY_LINK_TEXTS.mismatchTitle });
    expect(dialog).toHaveTextContent(STUDY_LINK_TEXTS.mismatch);
    expect(stored()).toEqual([null, null, null, null, null, null, null]);
    expect(logOut).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(logOut).toHaveBeenCalledTimes(1);
  });

  test('invalid study: the invalid-link notice and the link cleared; so does a study CheckParticipantType does not know', async () => {
    storeLink();
    answer({ que: { status: 'invalid study', data: '' } });
    const { user } = renderRunner();
    const dialog = await screen.findByRole('dialog', { name: STUDY_LINK_TEXTS.invalidTitle });
    expect(dialog).toHaveTextContent(STUDY_LINK_TEXTS.invalid);
    expect(stored()[0]).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(where()).toHaveTextContent('/community/main/screener');
    // Cleared with its mark: the same link stored again (opened again from the e-mail) runs again.
    expect(window.sessionStorage.getItem(HANDLED_LINK_KEY)).toBeNull();
    storeLink();
    await user.click(screen.getByRole('link', { name: 'About me' }));
    await screen.findByRole('dialog', { name: STUDY_LINK_TEXTS.invalidTitle });
    expect(api.paths().filter((path) => path === '/default/GetQueStatusID')).toHaveLength(2);
  });

  test('an unknown study stops at the participant-type check with the invalid-link notice', async () => {
    storeLink();
    answer({ participant: { status: 'invalid study', participantTypeID: 0, resultQueExisted: false, studyNo: 0, minimumAge: 0 } });
    renderRunner();
    await screen.findByRole('dialog', { name: STUDY_LINK_TEXTS.invalidTitle });
    expect(api.paths()).toEqual(['/study/CheckParticipantType']);
  });

  test('a link the server refuses at GetStudyInfo (403 or 404) is an invalid link', async () => {
    storeLink();
    answer();
    api.answers['/study/GetStudyInfo'] = { status: 404, body: { message: 'This link is not valid.' } };
    renderRunner();
    await screen.findByRole('dialog', { name: STUDY_LINK_TEXTS.invalidTitle });
  });

  test("noSeat: 'Oh No! This study is no longer available...'", async () => {
    storeLink();
    answer({ info: info('noSeat', 'none') });
    renderRunner();
    const dialog = await screen.findByRole('dialog', { name: STUDY_LINK_TEXTS.noSeatTitle });
    expect(dialog).toHaveTextContent('Oh No! This study is no longer available...');
    expect(stored()[0]).toBeNull();
  });

  test('child: the child popup for the study of the link', async () => {
    storeLink();
    answer({ info: info('child', 'child') });
    const { user } = renderRunner();
    const dialog = await screen.findByRole('dialog', { name: 'Child popup: kid 24106' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('external: a full page load to the allow-listed address', async () => {
    const open = vi.spyOn(outsidePage, 'open').mockImplementation(() => undefined);
    storeLink();
    const outside = 'https://surveys.partner.test/s/streaming?tk=abc';
    answer({ info: info('external', 'outside', outside, true) });
    renderRunner();
    await waitFor(() => expect(open).toHaveBeenCalledWith(outside));
    expect(stored()[0]).toBeNull();
  });

  test('other: the page it names, in the app', async () => {
    storeLink();
    answer({ info: info('other', 'screenerList', '/community/main/screener') });
    renderRunner('/community/main/about-me');
    await waitFor(() => expect(where()).toHaveTextContent(/^\/community\/main\/screener$/));
  });

  test('a url that is neither this site nor http(s) is never followed: the invalid-link notice', async () => {
    const open = vi.spyOn(outsidePage, 'open').mockImplementation(() => undefined);
    storeLink();
    answer({ info: info('other', 'outside', 'javascript:alert(1)') });
    renderRunner();
    await screen.findByRole('dialog', { name: STUDY_LINK_TEXTS.invalidTitle });
    expect(open).not.toHaveBeenCalled();
  });

  test('with a kid (k): GetKidStudyInfo first; kidOnly opens the child popup for its study', async () => {
    storeLink({ s: S, t: T, d: D, k: K });
    answer({ kid: { status: 'kidOnly', url: '', studyNo: 24104, data: D } });
    renderRunner();
    await screen.findByRole('dialog', { name: 'Child popup: kid 24104' });
    expect(api.calls.at(-1)).toEqual({ path: '/study/GetKidStudyInfo', body: { study: S, tester: T, kid: K, data: D } });
    expect(api.calls[1]).toEqual({ path: '/default/GetQueStatusID', body: { studyGuid: S, testerGuid: T, data: D, kidGuid: K } });
  });

  test('with a kid (k): other goes on to GetStudyInfo, succeed goes to its url', async () => {
    storeLink({ s: S, t: T, d: D, k: K });
    answer({
      kid: { status: 'other', url: '', studyNo: 24106, data: D },
      info: info('succeed', 'screener', '/community/main/screener/24106'),
    });
    renderRunner();
    await waitFor(() => expect(where()).toHaveTextContent('/community/main/screener/24106'));
    expect(api.paths().slice(2)).toEqual(['/study/GetKidStudyInfo', '/study/GetStudyInfo']);
  });

  test('with a kid (k): succeed goes to the url GetKidStudyInfo names', async () => {
    storeLink({ s: S, t: T, d: D, k: K });
    answer({ kid: { status: 'succeed', url: '/community/main/screener/24104', studyNo: 24104, data: D } });
    renderRunner();
    await waitFor(() => expect(where()).toHaveTextContent('/community/main/screener/24104'));
    expect(api.paths()).not.toContain('/study/GetStudyInfo');
  });

  test('a call that fails for another reason offers Try again, which runs the link again', async () => {
    storeLink();
    answer({ info: info('succeed', 'screener', '/community/main/screener/24106') });
    api.answers['/default/GetQueStatusID'] = { status: 500, body: { message: 'Something went wrong on our side.' } };
    const { user } = renderRunner();
    const dialog = await screen.findByRole('dialog', { name: STUDY_LINK_TEXTS.failedTitle });
    expect(dialog).toHaveTextContent(STUDY_LINK_TEXTS.failed);
    api.answers['/default/GetQueStatusID'] = { body: { status: 'common', data: D } };
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(where()).toHaveTextContent('/community/main/screener/24106'));
  });
});

describe('the study-link notices in Spanish (issue 28)', () => {
  afterEach(() => setLanguage('en'));

  async function renderInSpanish() {
    setLanguage('es');
    let opened!: ReturnType<typeof renderRunner>;
    // The Spanish texts load as a chunk of their own: the flow suspends until they come.
    await act(async () => void (opened = renderRunner()));
    return opened;
  }

  test('another account: the mismatch notice and its Log out read Spanish', async () => {
    storeLink();
    answer({ que: { status: 'differentAccount', data: '' } });
    const { user, logOut } = await renderInSpanish();
    const dialog = await screen.findByRole('dialog', { name: 'Este enlace es para otra cuenta' });
    expect(dialog).toHaveTextContent('no corresponden a este enlace de estudio');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar sesión' }));
    expect(logOut).toHaveBeenCalledTimes(1);
  });

  test('an invalid link: the notice and its Close read Spanish', async () => {
    storeLink();
    answer({ que: { status: 'invalid study', data: '' } });
    const { user } = await renderInSpanish();
    const dialog = await screen.findByRole('dialog', { name: 'Enlace no válido' });
    expect(dialog).toHaveTextContent('Este enlace de estudio no es válido o ha vencido.');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
