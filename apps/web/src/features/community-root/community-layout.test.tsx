// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { setLanguage } from '../../hooks/use-entry-language';
import { markScheduleSessionExpired } from '../../lib/expired-schedule-session';
import { CommunityLayout, EXPIRED_SCHEDULE_COOKIE } from './community-layout';
import { joinRedirectTarget, themeColours } from './entry-query';

const fetchMock = vi.fn(async () => ({
  ok: true,
  status: 200,
  statusText: 'OK',
  json: async () => ({ styleFile: '#0b5cab,#4c8ed9,#e8f1fb' }),
}));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** Stands in for the self-schedule page meeting a 401: the cookie, then the portal's move to login. */
function ExpiringPage() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        markScheduleSessionExpired();
        void navigate('/community/login', { replace: true });
      }}
    >
      Session ends
    </button>
  );
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/community" element={<CommunityLayout />}>
          <Route path="*" element={<Where />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  window.sessionStorage.clear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = `${EXPIRED_SCHEDULE_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
});

describe('account root', () => {
  test('keeps s, t, k, d, e, refer as referralCode, and s with t as study and tester', async () => {
    renderAt('/community/login?s=study-1&t=tester-1&k=kid-1&d=data-1&e=code-1&refer=friend7');
    await waitFor(() => expect(window.sessionStorage.getItem('s')).toBe('study-1'));
    expect(
      Object.fromEntries(['t', 'k', 'd', 'e', 'referralCode', 'study', 'tester'].map((key) => [key, window.sessionStorage.getItem(key)])),
    ).toEqual({
      t: 'tester-1',
      k: 'kid-1',
      d: 'data-1',
      e: 'code-1',
      referralCode: 'friend7',
      study: 'study-1',
      tester: 'tester-1',
    });
  });

  test('s without t is not a study and tester pair', async () => {
    renderAt('/community/login?s=study-1');
    await waitFor(() => expect(window.sessionStorage.getItem('s')).toBe('study-1'));
    expect(window.sessionStorage.getItem('study')).toBeNull();
  });

  test('u on a join page other than account goes to /community/join/account?u=', () => {
    renderAt('/community/join/attention?u=abc123');
    expect(screen.getByTestId('where')).toHaveTextContent('/community/join/account?u=abc123');
    expect(joinRedirectTarget('/community/join/account', '?u=abc')).toBeNull();
    expect(joinRedirectTarget('/community/login', '?u=abc')).toBeNull();
    expect(joinRedirectTarget('/community/join/profile', '')).toBeNull();
  });

  test('the expired scheduling session notice shows once and its cookie goes on close', async () => {
    document.cookie = `${EXPIRED_SCHEDULE_COOKIE}=1; path=/`;
    const user = userEvent.setup();
    renderAt('/community/login');
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(ENTRY_TEXTS.sessionExpired);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.cookie).not.toContain(EXPIRED_SCHEDULE_COOKIE);
  });

  test('the theme animation loads loginTheme2 above 480 px', async () => {
    renderAt('/community/login');
    expect(await screen.findByTestId('community-theme')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/themeStyle/GetStyles',
      expect.objectContaining({ method: 'POST', body: JSON.stringify('loginTheme2') }),
    );
  });

  test('no theme call at 480 px and below', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 480 });
    renderAt('/community/login');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByTestId('community-theme')).not.toBeInTheDocument();
  });

  test('theme colours: only plain colour values reach the CSS', () => {
    expect(themeColours('#0b5cab, #4c8ed9 ,teal')).toEqual(['#0b5cab', '#4c8ed9', 'teal']);
    expect(themeColours('red;background:url(x), #fff')).toEqual(['#fff']);
  });

  test('the self-schedule address keeps s, t, d and ex for the page and for a login in between', async () => {
    renderAt('/community/main/schedule/self?s=study-9&t=tester-9&d=data-9&ex=random-token');
    await waitFor(() => expect(window.sessionStorage.getItem('ex')).toBe('random-token'));
    expect(['s', 't', 'd'].map((key) => window.sessionStorage.getItem(key))).toEqual(['study-9', 'tester-9', 'data-9']);
  });

  test('a self-schedule session that expired in the portal is explained on the login page it leads to', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/community/main/schedule/self']}>
        <Routes>
          <Route path="/community" element={<CommunityLayout />}>
            <Route path="login" element={<Where />} />
            <Route path="main/schedule/self" element={<ExpiringPage />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Session ends' }));
    expect(await screen.findByRole('dialog', { name: 'Session expired' })).toHaveTextContent(ENTRY_TEXTS.sessionExpired);
    expect(screen.getByTestId('where')).toHaveTextContent('/community/login');
  });
});

describe('the account root in Spanish (issue 28)', () => {
  afterEach(() => setLanguage('en'));

  test('the expired scheduling session notice and its Close read Spanish; the page under it is not held back', async () => {
    setLanguage('es');
    document.cookie = `${EXPIRED_SCHEDULE_COOKIE}=1; path=/`;
    const user = userEvent.setup();
    // The Spanish texts load as a chunk of their own: the notice suspends until they come.
    await act(async () => void renderAt('/community/login'));
    expect(screen.getByTestId('where')).toHaveTextContent('/community/login');
    const dialog = await screen.findByRole('dialog', { name: 'Sesión vencida' });
    expect(dialog).toHaveTextContent(/^.*Su sesión ha vencido\. Inicie sesión de nuevo/);
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.cookie).not.toContain(EXPIRED_SCHEDULE_COOKIE);
  });
});
