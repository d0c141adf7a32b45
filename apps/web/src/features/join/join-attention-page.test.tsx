// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { message } from '@testerhub/shared/account-messages';
import { COMPANY } from '@testerhub/shared/company';
import { JoinAttentionPage } from './join-attention-page';

type Call = { url: string; body: unknown };
let calls: Call[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  window.sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = (init?.body ? JSON.parse(String(init.body)) : undefined) as Record<string, string> | undefined;
      calls.push({ url, body });
      if (url.endsWith('/account/ReEngagement')) {
        return body?.c === '1234567' && body.p === '3125550100'
          ? json({ status: 'succeed', v: 'demo-returning-tester', message: '' })
          : json({ status: 'failed', v: '', message: message('reEngagementInvalid', 'en') });
      }
      if (url.endsWith('/account/SaveSignUpProfile')) return json({ status: 'succeed' });
      return json({ message: 'not found' }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

vi.setConfig({ testTimeout: 30_000 });

function renderPage(url = '/community/join/attention') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/community/join/attention" element={<JoinAttentionPage />} />
        <Route path="/community/join/account" element={<h1>Registration step 1</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.clear(input);
  if (value) await user.type(input, value);
  await user.tab();
}

describe('join attention page', () => {
  test("a referral invitation's link with lang=es opens the page in Spanish (the referrer's language)", async () => {
    renderPage('/community/join/attention?refer=ABC123&lang=es');
    expect(await screen.findByRole('heading', { level: 1, name: `Bienvenido a ${COMPANY.communityName}` })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
  });

  test('shows the pitch claims, the one-account warning, Register and the login link', () => {
    renderPage();
    const text = document.body.textContent ?? '';
    expect(text).toContain(`since ${COMPANY.foundedYear}`);
    expect(text).toContain(`Over ${COMPANY.testerCount} testers`);
    expect(text).toContain('up to $50 an hour');
    expect(text).toContain('drawing to win a $50 gift card');
    expect(text).toMatch(/Referral bonuses/);
    expect(text).toMatch(/welcome gift of coins/);
    expect(screen.getByRole('note').textContent).toMatch(/only one tester account.*same household/);
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/community/join/account');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/community/login');
  });

  test('re-engagement: code and phone messages, phone formatted on leaving, the catalogue text for a wrong code', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    const code = screen.getByLabelText('Registration code');
    const phone = screen.getAllByLabelText('Phone number')[0]!;
    await fill(user, code, '12345');
    expect(await screen.findByText('Please enter valid code')).toBeInTheDocument();
    await fill(user, code, '12345678');
    expect(await screen.findByText('Please enter valid code')).toBeInTheDocument();
    await fill(user, code, '123456');
    await waitFor(() => expect(screen.queryByText('Please enter valid code')).toBeNull());
    await fill(user, phone, '312555');
    expect(await screen.findByText(message('phoneInvalid', 'en'))).toBeInTheDocument();
    await fill(user, phone, '3125550100');
    await waitFor(() => expect(phone).toHaveValue('(312)555-0100'));

    await user.click(screen.getByRole('button', { name: 'Check my code' }));
    expect(await screen.findByText('Invalid code detected. Please review your code for errors.')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ c: '123456', p: '3125550100', Language: 'en' });
  });

  test('re-engagement success stores engaged, v and p and offers the Complete path', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await fill(user, screen.getByLabelText('Registration code'), '1234567');
    await fill(user, screen.getAllByLabelText('Phone number')[0]!, '3125550100');
    await user.click(screen.getByRole('button', { name: 'Check my code' }));
    const heading = await screen.findByRole('heading', { name: 'We found you!' });
    // The heading renders first and takes focus in an effect after it: on a busy machine, later.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(JSON.parse(window.sessionStorage.getItem('engaged') ?? '{}')).toEqual({ v: 'demo-returning-tester', p: '3125550100' });
    expect(window.sessionStorage.getItem('v')).toBe('demo-returning-tester');
    expect(window.sessionStorage.getItem('p')).toBe('3125550100');
    expect(screen.getByRole('link', { name: 'Complete my account' })).toHaveAttribute(
      'href',
      '/community/join/account?v=demo-returning-tester',
    );
  });

  test('short form: 30 and 31 characters, then the partial profile is kept for registration', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    const firstName = screen.getByLabelText('First name');
    await fill(user, firstName, 'a'.repeat(31));
    expect(await screen.findByText('Names must contain at most 30 characters.')).toBeInTheDocument();
    await fill(user, firstName, 'a'.repeat(30));
    await waitFor(() => expect(screen.queryByText('Names must contain at most 30 characters.')).toBeNull());
    await fill(user, firstName, 'Rosa');
    await fill(user, screen.getByLabelText('Last name'), 'Alvarez');
    await fill(user, screen.getAllByLabelText('Phone number')[1]!, '312-555-0100');
    await fill(user, screen.getByLabelText('E-mail address'), 'rosa@example');
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('E-mail address'), 'rosa@example.com');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByRole('heading', { name: 'Registration step 1' })).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      url: '/api/account/SaveSignUpProfile',
      body: { firstName: 'Rosa', lastName: 'Alvarez', phone: '3125550100', email: 'rosa@example.com', Language: 'en' },
    });
    expect(JSON.parse(window.sessionStorage.getItem('registrationDraft') ?? '{}')).toEqual({
      firstName: 'Rosa',
      lastName: 'Alvarez',
      phone: '(312)555-0100',
      email: 'rosa@example.com',
    });
  });

  test('the language toggle switches the page and its messages to Spanish', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(window.sessionStorage.getItem('isSpanish')).toBe('true');
    expect(container.querySelector('main')).toHaveAttribute('lang', 'es');
    expect(screen.getByRole('group', { name: 'Idioma' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Registrarse' })).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Código de registro'), '12');
    expect(await screen.findByText(message('codeInvalid', 'es'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verificar mi código' }));
    expect(await screen.findByText(message('required', 'es'))).toBeInTheDocument();
    expect(screen.getByLabelText('Código de registro')).toHaveFocus();
  });
});
