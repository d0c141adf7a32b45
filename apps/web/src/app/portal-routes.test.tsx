// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { calloutReadCookie } from '@testerhub/shared/callout-rules';
import { fakeApi } from '../../test/fake-api';
import { App } from './app';

/**
 * Security finding 12: the whole /community/main area asks for a session first. A path under
 * it that no page claims must not show the public not-found page to a stranger.
 */
const { answers, paths } = fakeApi();

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <App />
      <Where />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  answers['/themeStyle/GetStyles'] = { body: { styleFile: '#0b5cab' } };
});

function logIn() {
  Object.assign(answers, {
    '/account/CheckAuthorize': { body: { status: 'authorized' } },
    '/account/GetPKTesterInfo': {
      body: {
        username: 'demotester1',
        coins: 10,
        level: 1,
        exp: 0,
        nextLevelExp: 100,
        remainExp: 100,
        fileName: '',
        imageSrc: '',
        blackList: false,
        loginDaysThisMonth: 1,
        suspendedUntil: null,
        language: 'en',
      },
    },
    '/account/GetUserInfo': { body: { testerInfo: { firstName: 'Dana' } } },
    '/schedule/GetScreeners': { body: [] },
  });
}

describe('/community/main for a stranger', () => {
  for (const path of ['/community/main/no-such-page', '/community/main/about-me', '/community/main/account/general/extra']) {
    test(`${path}: to the login page, no not-found page`, async () => {
      answers['/account/CheckAuthorize'] = { status: 401, body: { message: 'Please log in.' } };
      renderAt(path);
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/community\/login$/));
      expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
      expect(paths()).toContain('/account/CheckAuthorize');
    });
  }

  test('the known portal routes still go to login too', async () => {
    answers['/account/CheckAuthorize'] = { status: 401, body: { message: 'Please log in.' } };
    renderAt('/community/main/screener');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/community\/login$/));
  });
});

describe('/community/main for a tester', () => {
  test('an unknown path shows a not-found view inside the portal', async () => {
    logIn();
    renderAt('/community/main/no-such-page');
    const content = await screen.findByTestId('portal-content');
    expect(await within(content).findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(within(content).getByTestId('not-found-url')).toHaveTextContent('/community/main/no-such-page');
    expect(within(content).getByRole('link', { name: 'Go to your studies' })).toHaveAttribute('href', '/community/main/screener');
    expect(screen.getByRole('navigation', { name: 'Portal menu' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/community\/main\/no-such-page$/);
  });

  test('the page shows with the call-out banner already above it (decision 130: it never lands on an open page)', async () => {
    logIn();
    answers['/callout/GetCalloutList'] = {
      body: {
        status: 'succeed',
        calloutGTypes: [
          {
            rKey: 'portal-route-gate',
            title: 'Holiday taste tests are open',
            description: 'Fill in the holiday screener.',
            pkCoins: 0,
            screener: '/community/main/screener',
            active: true,
            startTimeStamp: '2026-01-01T00:00:00.000Z',
            endTimeStamp: '2099-01-01T00:00:00.000Z',
          },
        ],
      },
    };
    renderAt('/community/main/no-such-page');
    await screen.findByTestId('portal-content');
    // At once, with the page: not a moment later, pushing it down.
    expect(screen.getByRole('complementary', { name: 'Call-outs' })).toHaveTextContent('Holiday taste tests are open');
    document.cookie = `${calloutReadCookie('portal-route-gate')}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });

  test('public addresses outside the portal keep the public not-found page', async () => {
    renderAt('/community/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByTestId('portal-content')).not.toBeInTheDocument();
    expect(paths()).not.toContain('/account/CheckAuthorize');
  });
});

describe('/popup/redeem-item (decision 034): the redeem popup lives in the portal', () => {
  test('a stranger goes to the login page', async () => {
    answers['/account/CheckAuthorize'] = { status: 401, body: { message: 'Please log in.' } };
    renderAt('/popup/redeem-item');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/community\/login$/));
  });

  test('a tester sees the popup over the coins page, inside the portal shell', async () => {
    logIn();
    answers['/reward/GetCurrentCoin'] = { body: { coins: 10 } };
    answers['/reward/GetRewardList'] = { body: [] };
    renderAt('/popup/redeem-item');
    expect(await screen.findByRole('dialog', { name: 'Redeem a reward' })).toBeInTheDocument();
    const content = screen.getByTestId('portal-content');
    expect(within(content).getByRole('heading', { level: 1, name: 'My coins', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Portal menu', hidden: true })).toBeInTheDocument();
  });
});
