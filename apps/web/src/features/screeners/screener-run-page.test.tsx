// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import type { Answers, ScreenerQuestion, ScreenerRun } from './run/screener-rules';
import { setLanguage } from '../../hooks/use-entry-language';
import { ScreenerRunPage } from './screener-run-page';

const api = fakeApi();

// Failed calls are logged by the portal's QueryClient (spec 2, section 8); keep the output quiet.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

const questions: ScreenerQuestion[] = [
  {
    id: 1,
    kind: 'single',
    prompt: 'Do you own a pet?',
    required: true,
    showIf: null,
    // The server's order (shuffled per tester): kept as sent.
    options: [
      { id: 11, label: 'No' },
      { id: 10, label: 'Yes' },
    ],
  },
  {
    id: 2,
    kind: 'multiple',
    prompt: 'Which pets do you have?',
    required: true,
    minChoices: 2,
    maxChoices: 3,
    showIf: { questionId: 1, optionIds: [10] },
    options: [
      { id: 20, label: 'Dog' },
      { id: 21, label: 'Cat' },
      { id: 22, label: 'Fish' },
      { id: 23, label: 'Bird' },
    ],
  },
  {
    id: 3,
    kind: 'number',
    prompt: 'How many people live in your home?',
    required: true,
    minValue: 1,
    maxValue: 12,
    showIf: null,
    options: [],
  },
  { id: 4, kind: 'text', prompt: 'Your favourite snack brand?', required: false, maxLength: 20, showIf: null, options: [] },
  { id: 5, kind: 'date', prompt: 'When did you last buy cereal?', required: true, showIf: null, options: [] },
];

const run = (answers: Answers = {}): ScreenerRun => ({
  studyNo: 7,
  title: 'Breakfast cereal study',
  colorName: 'Green',
  coinValue: 40,
  questions,
  answers,
  status: 'inProgress',
});

const allAnswered: Answers = { '1': 10, '2': [20, 21], '3': 4, '4': 'Crunchy', '5': '2026-11-01' };

function Where() {
  const location = useLocation();
  return (
    <p>
      At {location.pathname}
      {location.search}
    </p>
  );
}

function renderRun(body: ScreenerRun | null, { status = 200 } = {}) {
  api.answers['/screener/7'] = { status, body: body ?? { status: 'notFound' } };
  api.answers['/screener/7/answers'] = { body: { status: 'saved' } };
  const refreshProfile = vi.fn();
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/community/main/screener/7']}>
      <WithPortalQuery>
        <Routes>
          <Route path="/community/main" element={<Outlet context={{ refreshProfile }} />}>
            <Route path="screener/:studyNo" element={<ScreenerRunPage />} />
            <Route path="*" element={<Where />} />
          </Route>
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return { user, refreshProfile };
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name: new RegExp(`^${name.replace(/[?()]/g, '\\$&')}`) });
const progressText = () => screen.getByRole('progressbar', { name: 'Screener progress' });
const bodiesOf = (path: string) => api.calls.filter((call) => call.path === path).map((call) => call.body);

describe('hosted screener: questions', () => {
  test('progress, options in the server order, focus on the question; a required answer is asked for', async () => {
    const { user } = renderRun(run());
    const first = await heading('Do you own a pet?');
    expect(first).toHaveFocus();
    expect(screen.getByText('Question 1 of 4')).toBeInTheDocument();
    expect(progressText()).toHaveAttribute('aria-valuenow', '1');
    expect(progressText()).toHaveAttribute('aria-valuemax', '4');
    expect(progressText()).toHaveAttribute('aria-valuetext', 'Question 1 of 4');
    const group = screen.getByRole('radiogroup', { name: /Do you own a pet\?/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['No', 'Yes']);
    expect(screen.getByRole('group', { name: /Do you own a pet\?/ }).tagName).toBe('FIELDSET');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please answer this question.');
    expect(bodiesOf('/screener/7/answers')).toHaveLength(0);
  });

  test('showIf: Yes reveals the pets question; min and max on checkboxes; No hides it again and its answer is not sent', async () => {
    api.answers['/screener/7/complete'] = { body: { outcome: 'disqualified', message: 'Thank you for answering.' } };
    const { user } = renderRun(run());
    await heading('Do you own a pet?');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByText('Question 1 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading('Which pets do you have?')).toHaveFocus();
    expect(bodiesOf('/screener/7/answers')).toEqual([{ answers: { '1': 10 } }]);
    expect(screen.getByText('Question 2 of 5')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Dog' }));
    expect(screen.getByText('Choose at least 2 (1 chosen).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least 2.');
    expect(bodiesOf('/screener/7/answers')).toHaveLength(1);

    await user.click(screen.getByRole('checkbox', { name: 'Cat' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fish' }));
    // At the maximum, further boxes are disabled; the chosen ones stay free to untick.
    expect(screen.getByRole('checkbox', { name: 'Bird' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Fish' })).toBeEnabled();
    expect(screen.getByText('You have chosen 3, the most allowed.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Fish' }));
    expect(screen.getByRole('checkbox', { name: 'Bird' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading('Do you own a pet?')).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.getByText('Question 1 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading('How many people live in your home?')).toBeInTheDocument();
    expect(bodiesOf('/screener/7/answers').at(-1)).toEqual({ answers: { '1': 11 } });

    // Number with its range.
    const people = screen.getByRole('spinbutton', { name: /How many people/ });
    expect(screen.getByText('A number from 1 to 12.')).toBeInTheDocument();
    await user.type(people, '13');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a number from 1 to 12.');
    expect(people).toHaveAttribute('aria-invalid', 'true');
    await user.clear(people);
    await user.type(people, '3');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Short text with its maximum length; not required, so it may stay empty.
    const snack = await screen.findByRole('textbox', { name: /Your favourite snack brand/ });
    expect(snack).toHaveAttribute('maxlength', '20');
    await user.type(snack, 'Oaty');
    expect(screen.getByText('4 of 20 characters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Date, the last question: Submit.
    await heading('When did you last buy cereal?');
    expect(screen.getByText('Question 4 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please answer this question.');
    const date = screen.getByLabelText(/When did you last buy cereal/);
    expect(date).toHaveAttribute('type', 'date');
    fireEvent.change(date, { target: { value: '2026-11-02' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Thank you for your time' });
    // The pets answer was given, then hidden by the No: it is not sent.
    expect(bodiesOf('/screener/7/complete')).toEqual([{ answers: { '1': 11, '3': 3, '4': 'Oaty', '5': '2026-11-02' } }]);
  });

  test('coming back resumes at the first open question with the saved answers', async () => {
    renderRun(run({ '1': 11, '3': 4 }));
    expect(await heading('Your favourite snack brand?')).toHaveFocus();
    expect(screen.getByText('Question 3 of 4')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('spinbutton', { name: /How many people/ })).toHaveValue(4);
  });
});

describe('hosted screener: outcomes', () => {
  test('qualified: to the self-schedule address; the shell refreshes its coins', async () => {
    const redirectLink = '/community/main/schedule/self?s=5d1c0c8e&t=42&d=signed';
    api.answers['/screener/7/complete'] = { body: { outcome: 'qualified', redirectLink, coins: 40, exp: 20 } };
    const { user, refreshProfile } = renderRun(run(allAnswered));
    await heading('When did you last buy cereal?');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(`At ${redirectLink}`)).toBeInTheDocument();
    expect(bodiesOf('/screener/7/complete')).toEqual([{ answers: allAnswered }]);
    expect(refreshProfile).toHaveBeenCalled();
  });

  test.each([
    ['alreadyScheduled', 'Screener Failed - 101', 'You are already scheduled for an upcoming study.'],
    ['full', 'Screener Failed - 102', 'All schedule spots are filled.'],
  ])('%s: the red popup with the status as header and the message, then back to the list', async (outcome, status, message) => {
    api.answers['/screener/7/complete'] = { body: { outcome, status, message, coins: 0, exp: 0 } };
    const { user } = renderRun(run(allAnswered));
    await heading('When did you last buy cereal?');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: status });
    expect(dialog.className).toMatch(/error/);
    expect(dialog).toHaveTextContent(message);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('At /community/main/screener')).toBeInTheDocument();
  });

  test("a child's screener (?k=): the three calls carry k, and the page names the child", async () => {
    const K = '33333333-3333-4333-8333-333333333333';
    const redirectLink = `/community/main/schedule/self?s=5d1c0c8e&t=42&d=signed&k=${K}`;
    api.answers[`/screener/7?k=${K}`] = { body: { ...run({ '1': 11 }), childName: 'Sam Tester' } };
    api.answers[`/screener/7/answers?k=${K}`] = { body: { status: 'saved' } };
    api.answers[`/screener/7/complete?k=${K}`] = { body: { outcome: 'qualified', redirectLink, coins: 40, exp: 20 } };
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={[`/community/main/screener/7?k=${K}`]}>
        <WithPortalQuery>
          <Routes>
            <Route path="/community/main" element={<Outlet context={{ refreshProfile: vi.fn() }} />}>
              <Route path="screener/:studyNo" element={<ScreenerRunPage />} />
              <Route path="*" element={<Where />} />
            </Route>
          </Routes>
        </WithPortalQuery>
      </MemoryRouter>,
    );
    await heading('How many people live in your home?');
    expect(screen.getByText('Answering for Sam Tester')).toBeInTheDocument();
    await user.type(screen.getByRole('spinbutton'), '3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Your favourite snack brand?');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('When did you last buy cereal?');
    fireEvent.change(screen.getByLabelText(/When did you last buy cereal/), { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(`At ${redirectLink}`)).toBeInTheDocument();
    expect(api.paths()[0]).toBe(`/screener/7?k=${K}`);
    expect(api.paths()).toContain(`/screener/7/answers?k=${K}`);
    expect(api.paths().at(-1)).toBe(`/screener/7/complete?k=${K}`);
  });

  test('waitlisted: an information popup with the message, then back to the list', async () => {
    api.answers['/screener/7/complete'] = {
      body: { outcome: 'waitlisted', message: 'We added you to the waiting list.', coins: 40, exp: 20 },
    };
    const { user } = renderRun(run(allAnswered));
    await heading('When did you last buy cereal?');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'You are on the waiting list' });
    expect(dialog.className).not.toMatch(/error/);
    expect(dialog).toHaveTextContent('We added you to the waiting list.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('At /community/main/screener')).toBeInTheDocument();
  });

  test('disqualified: a kind thank-you with a way back to the list', async () => {
    api.answers['/screener/7/complete'] = {
      body: { outcome: 'disqualified', message: 'Thank you for sharing. We will be in touch about other studies.' },
    };
    const { user } = renderRun(run(allAnswered));
    await heading('When did you last buy cereal?');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // Focus moves to the outcome's heading in an effect after it renders.
    const thanks = await screen.findByRole('heading', { name: 'Thank you for your time' });
    await waitFor(() => expect(thanks).toHaveFocus());
    expect(screen.getByText('Thank you for sharing. We will be in touch about other studies.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the studies' }));
    expect(await screen.findByText('At /community/main/screener')).toBeInTheDocument();
  });

  test('a 400 shows its message at the question it names', async () => {
    api.answers['/screener/7/complete'] = {
      status: 400,
      body: { status: 'invalid', field: 'answers.3', message: 'Enter a number from 1 to 12.' },
    };
    const { user } = renderRun(run(allAnswered));
    await heading('When did you last buy cereal?');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await heading('How many people live in your home?')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a number from 1 to 12.');
  });

  test('a 400 on saving shows at the question it names too', async () => {
    const { user } = renderRun(run());
    api.answers['/screener/7/answers'] = {
      status: 400,
      body: { status: 'invalid', field: 'answers.1', message: 'Choose one of the answers.' },
    };
    await heading('Do you own a pet?');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose one of the answers.');
    expect(screen.getByText('Question 1 of 4')).toBeInTheDocument();
  });
});

describe('hosted screener: states', () => {
  test('404: no longer available, with a way back', async () => {
    const { user } = renderRun(null, { status: 404 });
    expect(await screen.findByRole('heading', { name: 'This screener is no longer available' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the studies' }));
    expect(await screen.findByText('At /community/main/screener')).toBeInTheDocument();
  });

  test('loading, then a failure with Try again', async () => {
    const { user } = renderRun(null, { status: 500 });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the screener…');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this screener. Please try again.');
    api.answers['/screener/7'] = { body: run() };
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading('Do you own a pet?')).toBeInTheDocument();
  });
});

describe('hosted screener: in Spanish (issue 28)', () => {
  afterEach(() => setLanguage('en'));

  test('the progress, the coin promise, the buttons and the hints speak Spanish', async () => {
    setLanguage('es');
    // The Spanish texts load as a chunk of their own: the first render suspends until they come.
    const { user } = await act(async () => renderRun(run({ '1': 10 })));
    expect(await screen.findByText('Pregunta 2 de 5')).toBeInTheDocument();
    expect(screen.getByText('Gane 40 monedas si califica para este estudio.')).toBeInTheDocument();
    expect(screen.getByText('Elija de 2 a 3.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Avance del cuestionario' })).toHaveAttribute('aria-valuetext', 'Pregunta 2 de 5');
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor responda esta pregunta.');
    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(await screen.findByText('Pregunta 1 de 5')).toBeInTheDocument();
  });
});
