// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { childPopupStub } from '../../../test/child-popup-stub';
import { screenerStudy } from '../../../test/screener-study';
import { WithPortalQuery } from '../../../test/portal-query';
import { ScreenerPage } from './screener-page';
import { outsidePage, redirectTarget } from './screener-redirect';
import type { Screener } from './study-kind';

const api = fakeApi();

function HostedScreener() {
  return <p>Hosted screener {useParams().studyNo}</p>;
}

function renderPage(screeners: Screener[]) {
  api.answers['/schedule/GetScreeners'] = { body: screeners };
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/community/main/screener']}>
      <WithPortalQuery>
        <Routes>
          <Route path="/community/main/screener" element={<ScreenerPage childPopup={childPopupStub} />} />
          <Route path="/community/main/screener/:studyNo" element={<HostedScreener />} />
          <Route path="/community/main/account/general" element={<p>Account page</p>} />
          <Route path="/community/login" element={<p>Login page</p>} />
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return user;
}

const startButton = (name: string) => screen.findByRole('button', { name: `Take the screener: ${name}` });
const doScreenerCalls = () => api.calls.filter((call) => call.path === '/schedule/DoScreeners');

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('clicking a study (spec 2, section 4 "Screener click")', () => {
  test('every study is a keyboard-reachable button named after the study', async () => {
    const user = renderPage([screenerStudy(), screenerStudy({ screenerStudyNo: 12, studyBasicInfo: 'Snack test', colorName: 'Red' })]);
    const cards = await screen.findAllByTestId('screener-card');
    expect(within(cards[0]!).getByRole('button')).toHaveAccessibleName('Take the screener: Cereal taste test (Blue)');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Take the screener: Cereal taste test (Blue)' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Take the screener: Snack test (Red)' })).toHaveFocus();
  });

  test('an ordinary study: DoScreeners with StudyNo and Online, then the hosted screener in the app', async () => {
    api.answers['/schedule/DoScreeners'] = { body: { status: 'succeed', redirectLink: '/community/main/screener/11' } };
    const user = renderPage([screenerStudy()]);
    await user.click(await startButton('Cereal taste test (Blue)'));
    expect(await screen.findByText('Hosted screener 11')).toBeInTheDocument();
    expect(doScreenerCalls()).toEqual([{ path: '/schedule/DoScreeners', body: { StudyNo: 11, ScreenerType: 'Online' } }]);
  });

  test('an outside-tool study: the browser goes to the absolute address with its token', async () => {
    const open = vi.spyOn(outsidePage, 'open').mockImplementation(() => undefined);
    const link = 'https://survey.tools.test/s/abc?src=th&tk=0123456789abcdef';
    api.answers['/schedule/DoScreeners'] = { body: { status: 'succeed', redirectLink: link } };
    const user = renderPage([screenerStudy()]);
    await user.click(await startButton('Cereal taste test (Blue)'));
    await waitFor(() => expect(open).toHaveBeenCalledWith(link));
  });

  test('the button is disabled while the call runs', async () => {
    let answer: (value: unknown) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/schedule/GetScreeners')) return { ok: true, status: 200, json: async () => [screenerStudy()] };
        await new Promise((resolve) => (answer = resolve));
        return { ok: true, status: 200, json: async () => ({ status: 'succeed', redirectLink: '/community/main/screener/11' }) };
      }),
    );
    const user = renderPage([screenerStudy()]);
    const button = await startButton('Cereal taste test (Blue)');
    await user.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    answer(undefined);
    expect(await screen.findByText('Hosted screener 11')).toBeInTheDocument();
  });

  test.each([
    ['Screener Failed - 101', 'You completed this screener and received its credit, but you are already scheduled for an upcoming study.'],
    ['Screener Failed - 102', 'Sorry, all schedule spots for this study have been filled.'],
  ])('%s: a red popup with the status as its header and the message as its text', async (status, message) => {
    api.answers['/schedule/DoScreeners'] = { body: { status, message } };
    const user = renderPage([screenerStudy()]);
    await user.click(await startButton('Cereal taste test (Blue)'));
    const dialog = await screen.findByRole('dialog', { name: status });
    expect(dialog.className).toMatch(/error/);
    expect(dialog).toHaveTextContent(message);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('101 and 102 without a message: the spec explanation', async () => {
    api.answers['/schedule/DoScreeners'] = { body: { status: 'Screener Failed - 102' } };
    const user = renderPage([screenerStudy()]);
    await user.click(await startButton('Cereal taste test (Blue)'));
    expect(await screen.findByRole('dialog', { name: 'Screener Failed - 102' })).toHaveTextContent(
      'All schedule spots for this study have been filled. Please choose another study.',
    );
  });

  test("'failed': a red 'Screener Failed' popup with the server's explanation, and the list is asked again", async () => {
    api.answers['/schedule/DoScreeners'] = { body: { status: 'failed', message: 'This study is closed.' } };
    const user = renderPage([screenerStudy()]);
    await user.click(await startButton('Cereal taste test (Blue)'));
    const dialog = await screen.findByRole('dialog', { name: 'Screener Failed' });
    expect(dialog.className).toMatch(/error/);
    expect(dialog).toHaveTextContent('This study is closed.');
    await waitFor(() => expect(api.paths().filter((path) => path === '/schedule/GetScreeners')).toHaveLength(2));
  });

  test('participant type 3: the teen/adult dialog; Myself starts the online screener', async () => {
    api.answers['/schedule/DoScreeners'] = { body: { status: 'succeed', redirectLink: '/community/main/screener/21' } };
    const user = renderPage([screenerStudy({ screenerStudyNo: 21, participantTypeID: 3, studyBasicInfo: 'Phone survey' })]);
    await user.click(await startButton('Phone survey (Blue)'));
    const dialog = screen.getByRole('dialog', { name: 'Who is taking this screener?' });
    expect(doScreenerCalls()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Myself' }));
    expect(await screen.findByText('Hosted screener 21')).toBeInTheDocument();
    expect(doScreenerCalls()[0]?.body).toEqual({ StudyNo: 21, ScreenerType: 'Online' });
  });

  test('participant type 3, Myself refused: the failure popup', async () => {
    api.answers['/schedule/DoScreeners'] = { body: { status: 'Screener Failed - 102', message: 'Full.' } };
    const user = renderPage([screenerStudy({ participantTypeID: 3 })]);
    await user.click(await startButton('Cereal taste test (Blue)'));
    await user.click(screen.getByRole('button', { name: 'Myself' }));
    expect(await screen.findByRole('dialog', { name: 'Screener Failed - 102' })).toHaveTextContent('Full.');
    expect(screen.queryByRole('dialog', { name: 'Who is taking this screener?' })).not.toBeInTheDocument();
  });

  test('participant type 3, My teen: the child popup on the teens of the study', async () => {
    const user = renderPage([screenerStudy({ screenerStudyNo: 24103, participantTypeID: 3 })]);
    await user.click(await startButton('Cereal taste test (Blue)'));
    await user.click(screen.getByRole('button', { name: 'My teen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Child popup: teen 24103' });
    expect(dialog).toHaveTextContent('Cereal taste test (Blue)');
    expect(screen.queryByRole('dialog', { name: 'Who is taking this screener?' })).not.toBeInTheDocument();
    expect(doScreenerCalls()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('participant type 3: closing the teen/adult dialog clears the study-link keys', async () => {
    for (const [key, value] of Object.entries({
      s: 'study-guid',
      t: 'tester-guid',
      d: 'data',
      e: 'e',
      k: 'kid-guid',
      isSpanish: 'false',
    })) {
      window.sessionStorage.setItem(key, value);
    }
    const user = renderPage([screenerStudy({ participantTypeID: 3 })]);
    await user.click(await startButton('Cereal taste test (Blue)'));
    const dialog = screen.getByRole('dialog', { name: 'Who is taking this screener?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    for (const key of ['s', 't', 'd', 'e', 'k']) expect(window.sessionStorage.getItem(key)).toBeNull();
    expect(window.sessionStorage.getItem('isSpanish')).toBe('false');
  });

  test('participant type 3: Escape closes the dialog and clears the keys too', async () => {
    window.sessionStorage.setItem('s', 'study-guid');
    const user = renderPage([screenerStudy({ participantTypeID: 3 })]);
    await user.click(await startButton('Cereal taste test (Blue)'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('s')).toBeNull();
  });

  test.each([
    ['project type 27', { projectType: 27 }],
    ['participant type 2', { participantTypeID: 2 }],
  ])('a kid study (%s): the child popup for that study, no screener call; a removed study reloads the list', async (_name, kind) => {
    const user = renderPage([screenerStudy({ ...kind, screenerStudyNo: 24104, studyBasicInfo: 'Toy test' })]);
    await user.click(await startButton('Toy test (Blue)'));
    const dialog = await screen.findByRole('dialog', { name: 'Child popup: kid 24104' });
    expect(dialog).toHaveTextContent('Toy test (Blue)');
    expect(doScreenerCalls()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Study removed' }));
    await waitFor(() => expect(api.paths().filter((path) => path === '/schedule/GetScreeners')).toHaveLength(2));
  });

  test('a waiting-list study: the confirm popup; No closes without a call', async () => {
    const user = renderPage([screenerStudy({ isWaitingList: true })]);
    await user.click(await startButton('Cereal taste test (Blue)'));
    const dialog = screen.getByRole('dialog', { name: 'Waiting list' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(doScreenerCalls()).toHaveLength(0);
  });

  test('a waiting-list study: Yes runs DoScreeners and goes to the screener', async () => {
    api.answers['/schedule/DoScreeners'] = { body: { status: 'succeed', redirectLink: '/community/main/screener/11' } };
    const user = renderPage([screenerStudy({ isWaitingList: true })]);
    await user.click(await startButton('Cereal taste test (Blue)'));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Hosted screener 11')).toBeInTheDocument();
    expect(doScreenerCalls()[0]?.body).toEqual({ StudyNo: 11, ScreenerType: 'Online' });
  });

  test('a waiting-list study: a failure shows its status code as the header with the explanation', async () => {
    api.answers['/schedule/DoScreeners'] = { body: { status: 'Screener Failed - 102', message: 'The waiting list is full.' } };
    const user = renderPage([screenerStudy({ isWaitingList: true })]);
    await user.click(await startButton('Cereal taste test (Blue)'));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Screener Failed - 102' });
    expect(dialog.className).toMatch(/error/);
    expect(dialog).toHaveTextContent('The waiting list is full.');
  });

  test('a server fault: a red popup, no stack, the list stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.answers['/schedule/DoScreeners'] = { status: 500, body: { message: 'Something went wrong on our side.' } };
    const user = renderPage([screenerStudy()]);
    await user.click(await startButton('Cereal taste test (Blue)'));
    const dialog = await screen.findByRole('dialog', { name: 'Screener Failed' });
    expect(dialog).toHaveTextContent('Something went wrong. Please try again in a moment');
    expect(screen.getAllByTestId('screener-card')).toHaveLength(1);
  });

  test('a 401: to login, no popup', async () => {
    api.answers['/schedule/DoScreeners'] = { status: 401, body: { message: 'Please log in.' } };
    const user = renderPage([screenerStudy()]);
    await user.click(await startButton('Cereal taste test (Blue)'));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('redirect targets', () => {
  const origin = 'https://testerhub.test';
  test('paths of this site and its own origin are in-app; http(s) elsewhere is outside; anything else is refused', () => {
    expect(redirectTarget('/community/main/screener/5', origin)).toEqual({ kind: 'inApp', path: '/community/main/screener/5' });
    expect(redirectTarget(`${origin}/community/main/schedule/self?s=1`, origin)).toEqual({
      kind: 'inApp',
      path: '/community/main/schedule/self?s=1',
    });
    expect(redirectTarget('https://tool.test/x?tk=1', origin)).toEqual({ kind: 'external', href: 'https://tool.test/x?tk=1' });
    expect(redirectTarget('//evil.test/x', origin)).toBeNull();
    expect(redirectTarget('javascript:alert(1)', origin)).toBeNull();
    expect(redirectTarget('', origin)).toBeNull();
    expect(redirectTarget(undefined, origin)).toBeNull();
  });
});
