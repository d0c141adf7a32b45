// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { PasswordReminderNotice } from './password-reminder-notice';

const api = fakeApi();
const REMINDER = 'Your password was last changed more than 6 months ago. We recommend changing it every 6 months.';

function renderNotice(changeRecommended: boolean, path = '/community/main/screener') {
  api.answers['/account/GetPasswordAge'] = {
    body: { status: 'succeed', passwordChangedAt: '2025-01-01T00:00:00.000Z', changeRecommended, reminderMonths: 6 },
  };
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <WithPortalQuery>
        <PasswordReminderNotice />
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return user;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the portal’s password reminder (spec 3, section 5: a change every 6 months)', () => {
  test('an old password: the reminder with a link to the password page, gone once dismissed', async () => {
    const user = renderNotice(true);
    const notice = await screen.findByRole('complementary', { name: 'Password reminder' });
    expect(notice).toHaveTextContent(REMINDER);
    expect(screen.getByRole('link', { name: 'Change your password' })).toHaveAttribute('href', '/community/main/account/password');
    await user.click(screen.getByRole('button', { name: 'Dismiss reminder' }));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  test('a recent password: nothing', async () => {
    renderNotice(false);
    await settle();
    expect(api.paths()).toContain('/account/GetPasswordAge');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  test('not on the password page, which shows its own', async () => {
    renderNotice(true, '/community/main/account/password');
    await settle();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
