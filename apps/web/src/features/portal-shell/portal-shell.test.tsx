// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { fakeApi } from '../../../test/fake-api';
import { setLanguage } from '../../hooks/use-entry-language';
import { usePortalContext } from '../../hooks/use-portal-context';
import { WithPortalQuery } from '../../../test/portal-query';
import { progressLines } from './level-progress';
import type { TesterInfo } from '@testerhub/shared/profile-schemas';
import { PortalShell } from './portal-shell';
import { SIDE_MENU, TOP_NAV, visibleGroups, visibleTopNav } from './portal-menu';

const { answers, paths } = fakeApi();

const TESTER: TesterInfo = {
  username: 'demotester1',
  coins: 1350,
  level: 2,
  exp: 180,
  nextLevelExp: 300,
  remainExp: 120,
  fileName: 'avatar-01.svg',
  imageSrc: '/media/avatars/avatar-01.svg',
  blackList: false,
  loginDaysThisMonth: 3,
  suspendedUntil: null,
  language: 'en',
};

function answerAll(info: TesterInfo) {
  Object.assign(answers, {
    '/account/CheckAuthorize': { body: { status: 'authorized' } },
    '/account/GetPKTesterInfo': { body: info },
    '/account/GetUserInfo': {
      body: {
        testerInfo: {
          testerId: 'x',
          username: info.username,
          firstName: 'Dana',
          lastName: 'Tester',
          emailAddress: 'd@example.com',
          emailConfirmed: true,
          language: 'en',
        },
      },
    },
    '/profile/GetNextLevelEXP': { body: { status: 'succeed', exp: info.exp, nextLevelExp: info.nextLevelExp, remainExp: info.remainExp } },
    '/account/Logout': { body: { status: 'succeed' } },
  });
}

beforeEach(() => answerAll(TESTER));

function renderShell() {
  return render(
    <MemoryRouter initialEntries={['/community/main/screener']}>
      <WithPortalQuery>
        <Routes>
          <Route path="/community/main" element={<PortalShell />}>
            <Route path="screener" element={<p>Screener content</p>} />
          </Route>
          <Route path="/community/login" element={<p>Login page</p>} />
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
}

describe('progress popover', () => {
  test('the texts: current over next and the remainder, or the Max-level text', () => {
    expect(progressLines({ exp: 180, nextLevelExp: 300, remainExp: 120 })).toEqual(['180 / 300 EXP', '120 EXP to the next level']);
    expect(progressLines({ exp: 5000, nextLevelExp: 'Max', remainExp: 0 })).toEqual(['You reach Max Level']);
  });

  test('at Max level the popover says "You reach Max Level" and no EXP fraction', async () => {
    answerAll({ ...TESTER, level: 10, exp: 5000, nextLevelExp: 'Max', remainExp: 0 });
    const user = userEvent.setup();
    renderShell();
    const badge = await screen.findByTestId('level-progress-button');
    expect(badge).toHaveTextContent('Lv 10');
    expect(screen.getByTestId('level-progress-popover')).not.toBeVisible();
    await user.click(badge);
    const popover = screen.getByTestId('level-progress-popover');
    expect(popover).toBeVisible();
    expect(popover).toHaveTextContent('You reach Max Level');
    expect(popover).not.toHaveTextContent('EXP');
    expect(badge).toHaveAttribute('aria-expanded', 'true');
    // The refresh's code loads on the popover's first opening (decision 141): wait for its request.
    await waitFor(() => expect(paths()).toContain('/profile/GetNextLevelEXP'));
  });

  test('below Max: keyboard focus opens it with both lines, Escape closes it', async () => {
    const user = userEvent.setup();
    renderShell();
    const badge = await screen.findByTestId('level-progress-button');
    expect(badge).toHaveTextContent('Lv 2');
    expect(badge).toHaveTextContent('1,350 coins');
    act(() => badge.focus());
    const popover = screen.getByTestId('level-progress-popover');
    expect(popover).toBeVisible();
    expect(popover).toHaveTextContent('180 / 300 EXP');
    expect(popover).toHaveTextContent('120 EXP to the next level');
    await user.keyboard('{Escape}');
    expect(popover).not.toBeVisible();
  });
});

describe('entry check', () => {
  test('no session: straight to login, the page is never shown', async () => {
    answers['/account/CheckAuthorize'] = { status: 401, body: { message: 'Please log in.' } };
    answers['/account/GetPKTesterInfo'] = { status: 401, body: { message: 'Please log in.' } };
    renderShell();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.queryByText('Screener content')).not.toBeInTheDocument();
  });

  test('a failing profile call shows the catalogue text; the page still works', async () => {
    answers['/account/GetPKTesterInfo'] = { status: 500, body: { message: 'boom' } };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderShell();
    expect(await screen.findByRole('dialog')).toHaveTextContent(ENTRY_TEXTS.profileFailure);
    expect(screen.getByText('Screener content')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  test('log out calls Logout and goes to login', async () => {
    const user = userEvent.setup();
    renderShell();
    await screen.findByText('Screener content');
    await user.click(within(screen.getByRole('navigation', { name: 'Portal menu' })).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(paths()).toContain('/account/Logout');
  });
});

describe('data layer', () => {
  test('after logout nothing is asked again: the cleared cache is not refetched by the shell', async () => {
    // The login page is split off in the app: while it loads, the shell is still on screen.
    const SlowLogin = lazy(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { default: () => <p>Login page</p> };
    });
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/community/main/screener']}>
        <WithPortalQuery>
          <Routes>
            <Route path="/community/main" element={<PortalShell />}>
              <Route path="screener" element={<p>Screener content</p>} />
            </Route>
            <Route
              path="/community/login"
              element={
                <Suspense fallback={null}>
                  <SlowLogin />
                </Suspense>
              }
            />
          </Routes>
        </WithPortalQuery>
      </MemoryRouter>,
    );
    await screen.findByTestId('level-progress-button');
    await user.click(screen.getAllByRole('button', { name: 'Log out' })[0]!);
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(paths().filter((path) => path === '/account/CheckAuthorize')).toHaveLength(1);
    expect(paths().filter((path) => path === '/account/GetPKTesterInfo')).toHaveLength(1);
  });

  test('a failed logout shows its notice and stays in the portal', async () => {
    answers['/account/Logout'] = { status: 503, body: { message: 'down' } };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderShell();
    await screen.findByText('Screener content');
    await user.click(within(screen.getByRole('navigation', { name: 'Portal menu' })).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('dialog', { name: 'Could not log out' })).toBeInTheDocument();
    expect(screen.getByText('Screener content')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    logged.mockRestore();
  });

  test('the page refreshes the nav through the context: new coins show', async () => {
    answers['/profile/GetUserInfo'] = { body: { status: 'succeed', coins: 2000 } };
    function RefreshingPage() {
      const context = usePortalContext();
      return (
        <button type="button" onClick={() => context?.refreshProfile()}>
          Earn
        </button>
      );
    }
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/community/main/screener']}>
        <WithPortalQuery>
          <Routes>
            <Route path="/community/main" element={<PortalShell />}>
              <Route path="screener" element={<RefreshingPage />} />
            </Route>
          </Routes>
        </WithPortalQuery>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('level-progress-button')).toHaveTextContent('1,350 coins');
    await user.click(screen.getByRole('button', { name: 'Earn' }));
    await waitFor(() => expect(screen.getByTestId('level-progress-button')).toHaveTextContent('2,000 coins'));
    expect(paths()).toContain('/profile/GetUserInfo');
  });

  test('a 401 while refreshing the progress goes to login', async () => {
    answers['/profile/GetNextLevelEXP'] = { status: 401, body: { message: 'Please log in.' } };
    const user = userEvent.setup();
    renderShell();
    await user.click(await screen.findByTestId('level-progress-button'));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });
});

describe('menus', () => {
  test('every built page is listed and only the Forum stays hidden; every top nav entry shows (MY ACCOUNT on phones only)', async () => {
    expect(visibleGroups().map((group) => [group.label, group.entries.map((entry) => entry.label)])).toEqual([
      ['Home', ['Screener', 'About me', 'Quick survey']],
      ['Schedule', ['My schedule', 'Change or cancel', 'Self-schedule']],
      ['Referral', ['Referral event', 'Refer a friend', 'Referral history']],
      ['Winners', ['Try your luck', 'eCard', 'New tester']],
      ['Account', ['General', 'Contact', 'Password', 'Coins']],
    ]);
    expect(visibleTopNav().map((item) => item.label)).toEqual(['HOME', 'SCHEDULE', 'REFERRAL', 'EVENT', 'MY ACCOUNT']);
    expect(SIDE_MENU.map((group) => group.label)).toEqual(['Home', 'Schedule', 'Referral', 'Winners', 'Account']);
    expect(TOP_NAV.map((item) => item.label)).toEqual(['HOME', 'SCHEDULE', 'REFERRAL', 'EVENT', 'MY ACCOUNT']);
    renderShell();
    const side = await screen.findByRole('navigation', { name: 'Portal menu' });
    expect(
      within(side)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Screener',
      'About me',
      'Quick survey',
      'My schedule',
      'Change or cancel',
      'Self-schedule',
      'Referral event',
      'Refer a friend',
      'Referral history',
      'Try your luck',
      'eCard',
      'New tester',
      'General',
      'Contact',
      'Password',
      'Coins',
    ]);
    expect(within(side).getByRole('link', { name: 'Screener' })).toHaveAttribute('aria-current', 'page');
  });

  test('the burger opens at once and closes after 500 ms', async () => {
    renderShell();
    const burger = await screen.findByRole('button', { name: 'Open menu' });
    vi.useFakeTimers();
    act(() => burger.click());
    const menu = screen.getByTestId('portal-burger-menu');
    expect(menu).toHaveAttribute('data-state', 'open');
    expect(menu).toBeVisible();
    act(() => screen.getByRole('button', { name: 'Close menu' }).click());
    expect(menu).toHaveAttribute('data-state', 'closing');
    act(() => vi.advanceTimersByTime(499));
    expect(menu).toHaveAttribute('data-state', 'closing');
    act(() => vi.advanceTimersByTime(1));
    expect(menu).toHaveAttribute('data-state', 'closed');
    expect(menu).not.toBeVisible();
  });
});

describe('in Spanish (issue 28)', () => {
  afterEach(() => setLanguage('en'));

  test("a Spanish tester's portal speaks Spanish: menus, greeting, level and coins, log out", async () => {
    answerAll({ ...TESTER, language: 'es' });
    renderShell();
    const side = await screen.findByRole('navigation', { name: 'Menú del portal' });
    expect(within(side).getByText('Inicio')).toBeInTheDocument();
    expect(within(side).getByText('¡Hola, Dana!')).toBeInTheDocument();
    expect(within(side).getByRole('link', { name: 'Cuestionarios' })).toHaveAttribute('aria-current', 'page');
    expect(within(side).getByRole('link', { name: 'Mis citas' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('link', { name: 'CITAS' })).toBeInTheDocument();
    expect(screen.getByTestId('level-progress-button')).toHaveTextContent('Nv 2');
    expect(screen.getByTestId('level-progress-button')).toHaveTextContent('1,350 monedas');
    expect(screen.getByTestId('level-progress-popover')).toHaveTextContent('Faltan 120 EXP para el siguiente nivel');
    expect(within(side).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
  });

  test('a page loaded afresh in a tab already Spanish says so to screen readers: the document language follows the tester', async () => {
    window.sessionStorage.setItem('isSpanish', 'true');
    document.documentElement.lang = 'en';
    answerAll({ ...TESTER, language: 'es' });
    renderShell();
    await screen.findByRole('navigation', { name: 'Menú del portal' });
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
  });

  test('the burger button is named in Spanish, open and closed', async () => {
    answerAll({ ...TESTER, language: 'es' });
    renderShell();
    const burger = await screen.findByRole('button', { name: 'Abrir el menú' });
    act(() => burger.click());
    expect(await screen.findByRole('button', { name: 'Cerrar el menú' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('button', { name: /menu$/ })).not.toBeInTheDocument();
  });
});
