// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { SuspensionNotice } from './suspension-notice';

const api = fakeApi();
const INFO = {
  username: 'demotester1',
  coins: 10,
  level: 1,
  exp: 0,
  nextLevelExp: 100,
  remainExp: 100,
  fileName: 'avatar-01.svg',
  imageSrc: '/media/avatars/avatar-01.svg',
  blackList: false,
  loginDaysThisMonth: 1,
};

function renderNotice(suspendedUntil: string | null) {
  api.answers['/account/GetPKTesterInfo'] = { body: { ...INFO, suspendedUntil } };
  return render(
    <MemoryRouter>
      <WithPortalQuery>
        <SuspensionNotice />
      </WithPortalQuery>
    </MemoryRouter>,
  );
}

describe('the no-show suspension notice (decision 046)', () => {
  test('says until when, in the company time zone, and why, with the rules and the support phone', async () => {
    renderNotice('2027-05-25T03:00:00.000Z');
    const notice = await screen.findByRole('complementary', { name: 'Account suspended' });
    // 03:00 UTC on the 25th is still the 24th in Chicago.
    expect(notice).toHaveTextContent(/suspended until .*May 24.*2027 because of two or more no-shows within 3 months/);
    expect(notice).toHaveTextContent('(800) 555-0142');
    expect(screen.getByRole('link', { name: 'rules' })).toHaveAttribute('href', '/popup/rules');
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('is not shown to a tester who is not suspended', async () => {
    const { container } = renderNotice(null);
    await waitFor(() => expect(api.paths()).toContain('/account/GetPKTesterInfo'));
    // The answer has been read (the query settles in the same task as the call's answer).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });
});
