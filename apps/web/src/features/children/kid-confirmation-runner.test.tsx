// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { CHILD_TEXTS } from '@testerhub/shared/children-schemas';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { KidConfirmationRunner } from './kid-confirmation-runner';

const api = fakeApi();
const K = '33333333-3333-4333-8333-333333333333';

function renderRunner() {
  render(
    <MemoryRouter initialEntries={['/community/main/screener']}>
      <WithPortalQuery>
        <KidConfirmationRunner />
      </WithPortalQuery>
    </MemoryRouter>,
  );
}

describe('the child confirmation link (decision 028)', () => {
  test('a child Tester Services confirmed already: says so by name, and forgets k', async () => {
    window.sessionStorage.setItem('k', K);
    api.answers['/account/ConfirmKid'] = { body: { status: 'succeed', fullName: 'Mia Example', isConfirmed: true } };
    renderRunner();
    const dialog = await screen.findByRole('dialog', { name: 'Mia Example is confirmed' });
    expect(dialog).toHaveTextContent(CHILD_TEXTS.confirmed);
    expect(api.calls).toEqual([expect.objectContaining({ path: '/account/ConfirmKid', body: K })]);
    expect(window.sessionStorage.getItem('k')).toBeNull();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('the link confirms the e-mail only: the child waits for a phone call from Tester Services (decision 079)', async () => {
    window.sessionStorage.setItem('k', K);
    api.answers['/account/ConfirmKid'] = { body: { status: 'succeed', fullName: 'Mia Example', isConfirmed: false } };
    renderRunner();
    const dialog = await screen.findByRole('dialog', { name: 'Mia Example awaits a call from Tester Services' });
    expect(dialog).toHaveTextContent(CHILD_TEXTS.emailConfirmed);
    expect(screen.queryByRole('dialog', { name: 'Mia Example is confirmed' })).toBeNull();
  });

  test('an expired or foreign link: the failure notice', async () => {
    window.sessionStorage.setItem('k', K);
    api.answers['/account/ConfirmKid'] = { body: { status: 'failed' } };
    renderRunner();
    expect(await screen.findByRole('dialog', { name: 'Confirmation failed' })).toHaveTextContent(CHILD_TEXTS.confirmFailed);
  });

  test('a k that came with a study link (s and t) is left to the study-link flow', async () => {
    window.sessionStorage.setItem('k', K);
    window.sessionStorage.setItem('s', '11111111-1111-4111-8111-111111111111');
    renderRunner();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toEqual([]);
    expect(window.sessionStorage.getItem('k')).toBe(K);
  });
});
