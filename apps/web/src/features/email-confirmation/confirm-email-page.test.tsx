// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { fakeApi } from '../../../test/fake-api';
import { confirmationRequest } from './confirm-email-page';
import { ConfirmEmailAt } from './confirm-email-test-helpers';

const { answers, calls } = fakeApi();

const renderAt = (url: string) => render(<ConfirmEmailAt url={url} />);

/** Lets the stubbed calls resolve and React commit, without moving the fake clock. */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('confirmed: the 5-second countdown', () => {
  test('counts 5, 4, 3, 2, 1 in a polite status region, then lands on login', async () => {
    vi.useFakeTimers();
    answers['/account/EmailClickTrack'] = { body: { status: 'succeed', message: '' } };
    answers['/account/CheckConfirmEmail'] = { body: { status: 'confirmed' } };
    renderAt('/community/checkConfirmEmail?t=tester-1&r=code-1&e=confirm');
    await settle();

    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    for (const second of [5, 4, 3, 2, 1]) {
      expect(screen.getByTestId('countdown-seconds')).toHaveTextContent(String(second));
      expect(screen.queryByText('Login page')).not.toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
    }
    expect(screen.getByText('Login page')).toBeInTheDocument();
    expect(calls).toEqual(
      expect.arrayContaining([
        { path: '/account/EmailClickTrack', body: { tester: 'tester-1', eCode: 'confirm' } },
        { path: '/account/CheckConfirmEmail', body: { userId: 'tester-1', code: 'code-1' } },
      ]),
    );
  });

  test('not before 5 seconds have passed', async () => {
    vi.useFakeTimers();
    answers['/account/ConfirmEmailAnother'] = { body: { status: 'confirmed' } };
    renderAt('/account/ConfirmEmail?token=tester-1.code-1');
    await settle();
    // Step the clock in tenths of a second; each step lets React commit the tick before the next timer.
    const step = async () => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
    };
    for (let elapsed = 0; elapsed < 4900; elapsed += 100) await step();
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
    await step();
    await step();
    expect(screen.getByText('Login page')).toBeInTheDocument();
    expect(calls).toEqual([{ path: '/account/ConfirmEmailAnother', body: { token: 'tester-1.code-1' } }]);
  });
});

describe('failures', () => {
  test('a failed status shows both failure texts, the first one first', async () => {
    answers['/account/CheckConfirmEmail'] = { body: { status: 'failed' } };
    renderAt('/account/checkConfirmEmail?userId=tester-1&code=wrong');
    const alert = await screen.findByRole('alert');
    const text = alert.textContent ?? '';
    expect(text.indexOf(ENTRY_TEXTS.confirmFailure)).toBe(0);
    expect(text).toContain(ENTRY_TEXTS.confirmFailureOther);
    expect(screen.queryByTestId('countdown-seconds')).not.toBeInTheDocument();
  });

  test('a link the click tracker refuses shows the inaccessible-link text', async () => {
    answers['/account/EmailClickTrack'] = { body: { status: 'failed', message: ENTRY_TEXTS.clickTrackFailure } };
    answers['/account/CheckConfirmEmail'] = { body: { status: 'failed' } };
    renderAt('/community/checkConfirmEmail?t=unknown&r=code&e=confirm');
    expect(await screen.findByRole('alert')).toHaveTextContent(ENTRY_TEXTS.clickTrackFailure);
  });

  test('a link without its parameters fails without calling the server', () => {
    renderAt('/community/checkConfirmEmail');
    expect(screen.getByRole('alert')).toHaveTextContent(ENTRY_TEXTS.confirmFailure);
    expect(calls).toEqual([]);
  });

  test('the three link forms are read from their own parameters', () => {
    expect(confirmationRequest('/community/checkConfirmEmail', '?t=a&r=b&e=c')).toEqual({
      kind: 'tracked',
      tester: 'a',
      code: 'b',
      eCode: 'c',
    });
    expect(confirmationRequest('/account/checkConfirmEmail', '?userId=a&code=b')).toEqual({ kind: 'check', userId: 'a', code: 'b' });
    expect(confirmationRequest('/account/ConfirmEmail', '?token=a.b')).toEqual({ kind: 'token', token: 'a.b' });
    expect(confirmationRequest('/account/ConfirmEmail', '')).toBeNull();
  });
});
