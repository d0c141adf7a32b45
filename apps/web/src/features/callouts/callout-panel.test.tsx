// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import { CalloutPanel } from './callout-panel';

const api = fakeApi();
const CALLOUT = {
  rKey: 'demo-one',
  title: 'Holiday taste tests are open',
  description: 'Fill in the holiday screener.',
  pkCoins: 50,
  screener: '/community/main/screener',
  active: true,
  startTimeStamp: '2026-01-01T00:00:00.000Z',
  endTimeStamp: '2099-01-01T00:00:00.000Z',
};

afterEach(() => {
  document.cookie = 'th_callout_demo-one=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

function renderPanel(callouts: object[] = [CALLOUT]) {
  api.answers['/callout/GetCalloutList'] = { body: { status: 'succeed', calloutGTypes: callouts } };
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter>
      <WithPortalQuery>
        <CalloutPanel />
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return { user, ...view };
}

describe('the call-out (spec 3, "Callout dismissal")', () => {
  test('shows the current call-out with its coins and a link to its portal page', async () => {
    renderPanel();
    const region = await screen.findByRole('complementary', { name: 'Call-outs' });
    expect(region).toHaveTextContent('Holiday taste tests are open');
    expect(region).toHaveTextContent('Fill in the holiday screener.');
    expect(region).toHaveTextContent('Earn 50 coins');
    expect(screen.getByRole('link', { name: 'Take a look' })).toHaveAttribute('href', '/community/main/screener');
  });

  test('does not link outside the portal', async () => {
    renderPanel([{ ...CALLOUT, screener: '//elsewhere.test/x' }]);
    await screen.findByRole('complementary', { name: 'Call-outs' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  test('dismissing hides it and writes a cookie, so it stays hidden in a new page', async () => {
    const { user, unmount } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Dismiss call-out: Holiday taste tests are open' }));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(document.cookie).toContain('th_callout_demo-one=1');
    unmount();
    renderPanel();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.paths()).toContain('/callout/GetCalloutList');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  test('nothing current: nothing shown', async () => {
    renderPanel([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});

describe('the call-out in Spanish (issue 28)', () => {
  afterEach(() => setLanguage('en'));

  test('its own words read Spanish; the title and text are shown as staff wrote them', async () => {
    setLanguage('es');
    let user!: ReturnType<typeof userEvent.setup>;
    // The list's code, with its texts in both languages, loads as a chunk of its own (decision 130).
    await act(async () => void ({ user } = renderPanel()));
    const region = await screen.findByRole('complementary', { name: 'Avisos' });
    expect(region).toHaveTextContent('Holiday taste tests are open');
    expect(region).toHaveTextContent('Gane 50 monedas');
    expect(screen.getByRole('link', { name: 'Ver' })).toHaveAttribute('href', '/community/main/screener');
    await user.click(screen.getByRole('button', { name: 'Ocultar aviso: Holiday taste tests are open' }));
    const show = screen.getByRole('button', { name: 'Mostrar aviso: Holiday taste tests are open' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    await user.click(screen.getByRole('button', { name: 'Descartar aviso: Holiday taste tests are open' }));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
