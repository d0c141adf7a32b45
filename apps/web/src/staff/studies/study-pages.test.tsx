// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { NEW_STUDY_DEFAULTS, screenerQuestion, STUDY_ADMIN_TEXTS, type StudyDetail } from '@testerhub/shared/study-admin-schemas';
import { fakeApi } from '../../../test/fake-api';
import { StudiesPage } from './studies-page';
import { StudyPage } from './study-pages';
import { renderStaffPages } from '../../../test/staff-pages';

const api = fakeApi();

const STUDY: StudyDetail = {
  ...NEW_STUDY_DEFAULTS,
  targetAnswerIds: [],
  studyNo: 24101,
  colorName: 'Blue',
  studyBasicInfo: 'Cereal taste test',
  siteId: '00001',
  opensAt: '2026-11-01T15:00:00.000Z',
  screener: {
    questions: [
      screenerQuestion('q1', {
        prompt: 'Do you eat cereal?',
        options: [
          { key: 'o1', label: 'Yes', disqualifies: false },
          { key: 'o2', label: 'No', disqualifies: true },
        ],
      }),
    ],
    quotas: [],
  },
  version: 3,
  state: 'open',
  qualifiedCount: 2,
  answeredCount: 5,
  externalReturnSecretEnding: null,
};
/** An outside screener's study (decision 077), with no return secret set yet. */
const EXTERNAL: StudyDetail = {
  ...STUDY,
  studyNo: 24107,
  studyBasicInfo: 'Streaming survey',
  screenerKind: 'external',
  externalUrl: 'https://forms.example.com/s/1',
  screener: { questions: [], quotas: [] },
  answeredCount: 0,
};
const OPTIONS = { status: 'succeed', sites: [{ id: '00001', name: 'Chicago (Chicago)' }], screenerHosts: ['forms.example.com'] };

function renderAt(entry: string, roles: StaffRole[] = ['recruiter']) {
  return renderStaffPages(entry, { studies: <StudiesPage />, 'studies/:studyNo': <StudyPage /> }, roles);
}

describe('the study page (decision 050)', () => {
  test('shows the study with its links, saves with the version it opened, and says when someone else changed it', async () => {
    api.answers['/staff/studies/Study?studyNo=24101'] = { body: { status: 'succeed', study: STUDY } };
    api.answers['/staff/studies/FormOptions'] = { body: OPTIONS };
    api.answers['/staff/studies/SaveStudy'] = {
      body: { status: 'failed', message: STUDY_ADMIN_TEXTS.changedSinceOpened, field: 'version' },
    };
    const user = renderAt('/staff/studies/24101');
    expect(await screen.findByRole('heading', { level: 1, name: 'Study 24101: Cereal taste test' })).toBeInTheDocument();
    expect(screen.getByTestId('study-state')).toHaveTextContent('Open');
    expect(screen.getByRole('link', { name: 'Session groups' })).toHaveAttribute('href', '/staff/studies/24101/sessions');
    expect(screen.getByRole('link', { name: 'Results' })).toHaveAttribute('href', '/staff/studies/24101/results');
    expect(screen.getByText(/5 tester\(s\) have answered this screener/)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Name and basic information (what testers read)'));
    await user.click(screen.getByRole('button', { name: 'Save the study' }));
    expect(screen.getByLabelText('Name and basic information (what testers read)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.paths()).not.toContain('/staff/studies/SaveStudy');

    await user.type(screen.getByLabelText('Name and basic information (what testers read)'), 'Cereal test, renamed');
    await user.click(screen.getByRole('button', { name: 'Save the study' }));
    const outcome = await screen.findByTestId('study-outcome');
    expect(outcome).toHaveTextContent(STUDY_ADMIN_TEXTS.changedSinceOpened);
    expect(within(outcome).getByRole('button', { name: 'Reload the study' })).toBeInTheDocument();
    const sent = api.calls.find((call) => call.path === '/staff/studies/SaveStudy')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ studyNo: 24101, version: 3, studyBasicInfo: 'Cereal test, renamed', siteId: '00001' });
    expect(sent.opensAt).toBe(STUDY.opensAt);
  });

  test('an outside screener: warns while no return secret is set, sends a typed secret once, and shows back only its last 4 characters', async () => {
    const SECRET = 'partner-secret-typed-by-staff-0123456789';
    let saved: StudyDetail = EXTERNAL;
    api.answers['/staff/studies/Study?studyNo=24107'] = () => ({ body: { status: 'succeed', study: saved } });
    api.answers['/staff/studies/FormOptions'] = { body: OPTIONS };
    api.answers['/staff/studies/SaveStudy'] = () => {
      saved = { ...EXTERNAL, version: EXTERNAL.version + 1, externalReturnSecretEnding: SECRET.slice(-4) };
      return { body: { status: 'succeed', message: STUDY_ADMIN_TEXTS.saved, studyNo: 24107, version: saved.version } };
    };
    const user = renderAt('/staff/studies/24107');
    expect(await screen.findByTestId('return-secret-missing')).toHaveTextContent(STUDY_ADMIN_TEXTS.returnSecretMissing);
    const secret = screen.getByLabelText('Return secret');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');

    // Too short: the form refuses it before sending.
    await user.type(secret, 'too-short');
    await user.click(screen.getByRole('button', { name: 'Save the study' }));
    expect(await screen.findByText(STUDY_ADMIN_TEXTS.returnSecretLength)).toBeInTheDocument();
    expect(api.paths()).not.toContain('/staff/studies/SaveStudy');

    await user.clear(secret);
    await user.type(secret, SECRET);
    await user.click(screen.getByRole('button', { name: 'Save the study' }));
    expect(await screen.findByTestId('study-outcome')).toHaveTextContent(STUDY_ADMIN_TEXTS.saved);
    const sent = api.calls.find((call) => call.path === '/staff/studies/SaveStudy')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ studyNo: 24107, screenerKind: 'external', externalReturnSecret: SECRET });

    // Reloaded: set, never shown back, and the warning is gone.
    expect(await screen.findByText(STUDY_ADMIN_TEXTS.returnSecretSet(SECRET.slice(-4)))).toBeInTheDocument();
    expect(screen.queryByTestId('return-secret-missing')).toBeNull();
    expect(screen.getByLabelText('Return secret')).toHaveValue('');
  });

  test('is refused without the recruiter role', async () => {
    renderAt('/staff/studies/24101', ['rewards']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only staff with the recruiter role can open this page.');
    expect(api.calls).toEqual([]);
  });
});

describe('the studies list (decision 050)', () => {
  test('has empty and error states, and Try again', async () => {
    let fail = true;
    api.answers['/staff/studies/List?status=open&q=&page=1'] = () =>
      fail ? { status: 500, body: { message: 'boom' } } : { body: { status: 'succeed', page: 1, hasMore: false, studies: [] } };
    const user = renderAt('/staff/studies');
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No studies here yet.')).toBeInTheDocument();
  });
});
