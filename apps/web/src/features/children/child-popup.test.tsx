// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { CHILD_FLOW_TEXTS, CHILD_TEXTS, type CustomChild } from '@testerhub/shared/children-schemas';
import { describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { ChildPopup } from './child-popup';

const api = fakeApi();
const SAM = '33333333-3333-4333-8333-333333333333';
const ZOE = '44444444-4444-4444-8444-444444444444';

function child(overrides: Partial<CustomChild>): CustomChild {
  return {
    testerId: SAM,
    testerName: 'Sam Tester',
    studyNo: 24104,
    age: 9,
    isConfirmed: true,
    isWaitList: false,
    isAgeQualified: true,
    isQuotaQualified: true,
    isScreened: false,
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderPopup(who: 'kid' | 'teen' = 'kid') {
  const onClose = vi.fn();
  const onStudyRemoved = vi.fn();
  render(
    <MemoryRouter initialEntries={['/community/main/screener']}>
      <WithPortalQuery>
        <Routes>
          <Route
            path="/community/main/screener"
            element={
              <ChildPopup studyNo={24104} studyName="Snack study (Blue)" who={who} onClose={onClose} onStudyRemoved={onStudyRemoved} />
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return { onClose, onStudyRemoved, user: userEvent.setup() };
}

const listAnswer = (status: string, customChildren: CustomChild[]) => ({ body: { status, customChildren } });

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Mia');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Example');
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '3125550142');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Race' }), 'Asian');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'Female');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), String(new Date().getFullYear() - 5));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'May');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '7');
}

describe('the child popup (spec 3, section 4)', () => {
  test('step 0: the list with its labels; only a selectable child can be chosen; Select waits for a choice', async () => {
    api.answers['/schedule/GetChildrenInfo'] = listAnswer('succeed', [
      child({}),
      child({ testerId: ZOE, testerName: 'Zoe Tester', isAgeQualified: false }),
      child({ testerId: '5', testerName: 'Max Tester', isQuotaQualified: false, isWaitList: true }),
      child({ testerId: '6', testerName: 'Ida Tester', isScreened: true }),
      child({ testerId: '7', testerName: 'Leo Tester', isConfirmed: false }),
    ]);
    renderPopup();
    await screen.findByRole('radio', { name: 'Sam Tester' });
    const dialog = screen.getByRole('dialog', { name: 'Choose your child' });
    expect(api.calls[0]).toEqual({ path: '/schedule/GetChildrenInfo', body: { studyNo: 24104 } });
    expect(dialog).toHaveTextContent('Snack study (Blue)');
    const sam = within(dialog).getByRole('radio', { name: 'Sam Tester' });
    expect(sam).toBeEnabled();
    expect(within(dialog).getByRole('radio', { name: `Zoe Tester ${CHILD_TEXTS.notQualified}` })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: `Max Tester ${CHILD_TEXTS.notQualified} ${CHILD_TEXTS.inWaitList}` })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: `Ida Tester ${CHILD_FLOW_TEXTS.screened}` })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: `Leo Tester ${CHILD_TEXTS.awaitingConfirmation}` })).toBeDisabled();
    const select = within(dialog).getByRole('button', { name: 'Select' });
    expect(select).toBeDisabled();
    await userEvent.setup().click(sam);
    expect(select).toBeEnabled();
  });

  test('Select: DoChildrenScreener, then succeed goes to its redirect link', async () => {
    api.answers['/schedule/GetChildrenInfo'] = listAnswer('succeed', [child({})]);
    api.answers['/schedule/DoChildrenScreener'] = { body: { status: 'succeed', redirectLink: `/community/main/screener/24104?k=${SAM}` } };
    window.sessionStorage.setItem('s', 'study-guid');
    window.sessionStorage.setItem('k', SAM);
    const { user, onClose } = renderPopup();
    await user.click(await screen.findByRole('radio', { name: 'Sam Tester' }));
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(`/community/main/screener/24104?k=${SAM}`);
    expect(api.calls.at(-1)).toEqual({ path: '/schedule/DoChildrenScreener', body: { childID: SAM, studyNo: 24104 } });
    expect(onClose).toHaveBeenCalled();
    expect(window.sessionStorage.getItem('s')).toBeNull();
    expect(window.sessionStorage.getItem('k')).toBeNull();
  });

  test('code 101: its explanation and the offer to ignore the study; Yes removes it and reloads the list', async () => {
    window.sessionStorage.setItem('s', 'study-guid');
    api.answers['/schedule/GetChildrenInfo'] = listAnswer('succeed', [child({})]);
    api.answers['/schedule/DoChildrenScreener'] = { body: { status: '101' } };
    api.answers['/schedule/RemoveStudyFromList'] = { body: { status: 'succeed' } };
    const { user, onStudyRemoved, onClose } = renderPopup();
    await user.click(await screen.findByRole('radio', { name: 'Sam Tester' }));
    await user.click(screen.getByRole('button', { name: 'Select' }));
    const dialog = await screen.findByRole('dialog', { name: 'Screener Failed - 101' });
    expect(dialog).toHaveTextContent(CHILD_TEXTS.mustJoinFirst);
    expect(dialog).toHaveTextContent(CHILD_FLOW_TEXTS.ignoreStudyQuestion);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onStudyRemoved).toHaveBeenCalled());
    expect(api.calls.at(-1)).toEqual({ path: '/schedule/RemoveStudyFromList', body: 24104 });
    expect(onClose).toHaveBeenCalled();
    expect(window.sessionStorage.getItem('s')).toBeNull();
  });

  test.each([
    ['102', 'Screener Failed - 102', CHILD_TEXTS.emailUnsendable],
    ['103', 'Screener Failed - 103', CHILD_TEXTS.studyUnavailable],
    ['Screener Failed - 102', 'Screener Failed - 102', 'The study is full.'],
    ['notQualified', 'Not qualified', 'Sam is too young for this study.'],
  ])('DoChildrenScreener %s: step 4 with the status and its message', async (status, title, text) => {
    api.answers['/schedule/GetChildrenInfo'] = listAnswer('succeed', [child({})]);
    const message = status === '102' || status === '103' ? undefined : text;
    api.answers['/schedule/DoChildrenScreener'] = { body: { status, message } };
    const { user } = renderPopup();
    await user.click(await screen.findByRole('radio', { name: 'Sam Tester' }));
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(await screen.findByRole('dialog', { name: title })).toHaveTextContent(text);
  });

  test('a DoChildrenScreener call that fails: Screener Failed - 102', async () => {
    api.answers['/schedule/GetChildrenInfo'] = listAnswer('succeed', [child({})]);
    api.answers['/schedule/DoChildrenScreener'] = { status: 500, body: { message: 'boom' } };
    const { user } = renderPopup();
    await user.click(await screen.findByRole('radio', { name: 'Sam Tester' }));
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(await screen.findByRole('dialog', { name: 'Screener Failed - 102' })).toHaveTextContent('All schedule spots');
  });

  test.each([
    ['notConfirmed', CHILD_FLOW_TEXTS.teenNotConfirmed],
    ['noQualifiedChildren', CHILD_FLOW_TEXTS.noQualifiedChildren],
  ])('%s: the list with its notice', async (status, notice) => {
    api.answers['/schedule/GetChildrenInfo'] = listAnswer(status, [
      child({ isConfirmed: status !== 'notConfirmed', isAgeQualified: false }),
    ]);
    renderPopup();
    await screen.findByRole('radio');
    const dialog = screen.getByRole('dialog', { name: 'Choose your child' });
    expect(dialog).toHaveTextContent(notice);
    expect(within(dialog).getByRole('radio')).toBeDisabled();
  });

  test('changeEmailAddress: check your e-mail address, with where to change it', async () => {
    api.answers['/schedule/GetChildrenInfo'] = listAnswer('changeEmailAddress', []);
    renderPopup();
    expect(await screen.findByRole('dialog', { name: CHILD_FLOW_TEXTS.checkEmail })).toHaveTextContent('Change Contact Info');
  });

  test('failed: the study is no longer available', async () => {
    api.answers['/schedule/GetChildrenInfo'] = listAnswer('failed', []);
    renderPopup();
    expect(await screen.findByRole('dialog', { name: 'Study not available' })).toHaveTextContent(CHILD_FLOW_TEXTS.teenFailed);
  });

  test('a list call that fails: the child lookup failure text', async () => {
    api.answers['/schedule/GetChildrenInfo'] = { status: 500, body: { message: 'boom' } };
    renderPopup();
    expect(await screen.findByRole('dialog', { name: 'Something went wrong' })).toHaveTextContent(CHILD_TEXTS.lookupFailed);
  });

  test('noChildren: step 1; No closes (and clears the study link), Yes opens the form', async () => {
    for (const key of ['s', 't', 'd', 'e', 'k']) window.sessionStorage.setItem(key, 'x');
    api.answers['/schedule/GetChildrenInfo'] = listAnswer('noChildren', []);
    const { user, onClose } = renderPopup();
    const dialog = await screen.findByRole('dialog', { name: 'Register your child?' });
    expect(dialog).toHaveTextContent(CHILD_FLOW_TEXTS.notFoundQuestion);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(screen.getByRole('button', { name: 'Register a child', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'First name' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    for (const key of ['s', 't', 'd', 'e', 'k']) expect(window.sessionStorage.getItem(key)).toBeNull();
    // Nothing was registered: the study stays on the list.
    expect(api.paths()).not.toContain('/schedule/RemoveStudyFromList');
  });

  test('step 1 No closes the popup', async () => {
    api.answers['/schedule/GetChildrenInfo'] = listAnswer('noChildren', []);
    const { user, onClose } = renderPopup();
    await user.click(await screen.findByRole('button', { name: 'No' }));
    expect(onClose).toHaveBeenCalled();
  });

  test('register from the study: succeed is step 2, back to step 0; closing then removes the study and reloads the list', async () => {
    api.answers['/schedule/GetChildrenInfo'] = listAnswer('succeed', [child({})]);
    api.answers['/account/RegistChildren'] = { body: { status: 'succeed' } };
    api.answers['/schedule/RemoveStudyFromList'] = { body: { status: 'succeed' } };
    const { user, onStudyRemoved } = renderPopup();
    await user.click(await screen.findByRole('button', { name: 'Register a child' }));
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const done = await screen.findByRole('dialog', { name: 'Child registered' });
    expect(done).toHaveTextContent(CHILD_TEXTS.registered);
    const sent = api.calls.find((call) => call.path === '/account/RegistChildren');
    expect(sent?.body).toEqual(
      expect.objectContaining({ firstName: 'Mia', phone: '3125550142', race: 'A', gender: 'F', month: 5, day: 7, studyNo: 24104 }),
    );
    await user.click(within(done).getByRole('button', { name: 'Back to my children' }));
    expect(await screen.findByRole('dialog', { name: 'Choose your child' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'My children', pressed: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(onStudyRemoved).toHaveBeenCalled());
    expect(api.calls.at(-1)).toEqual({ path: '/schedule/RemoveStudyFromList', body: 24104 });
  });

  test('kidExisted: step 3', async () => {
    api.answers['/schedule/GetChildrenInfo'] = listAnswer('noChildren', []);
    api.answers['/account/RegistChildren'] = { body: { status: 'kidExisted' } };
    const { user } = renderPopup();
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('dialog', { name: 'Already registered' })).toHaveTextContent(CHILD_TEXTS.alreadyRegistered);
  });

  test.each(['101', '102', '103'])('code %s: step 4 with the code, the detail and the contact notice', async (code) => {
    api.answers['/schedule/GetChildrenInfo'] = listAnswer('noChildren', []);
    api.answers['/account/RegistChildren'] = { body: { status: code, detail: `Detail of ${code}.` } };
    const { user } = renderPopup();
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog', { name: `Child Registration Failed - ${code}` });
    expect(dialog).toHaveTextContent(`Detail of ${code}.`);
    expect(dialog).toHaveTextContent(CHILD_FLOW_TEXTS.contactNotice);
  });

  test('a registration call that fails: Child Registration Failed - 105', async () => {
    api.answers['/schedule/GetChildrenInfo'] = listAnswer('noChildren', []);
    api.answers['/account/RegistChildren'] = { status: 500, body: { message: 'boom' } };
    const { user } = renderPopup();
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('dialog', { name: CHILD_TEXTS.registrationFailed })).toHaveTextContent(CHILD_FLOW_TEXTS.contactNotice);
  });

  test('the teen branch: a teen registered from the study does not remove the study (the parent may still take it)', async () => {
    api.answers['/schedule/GetChildrenInfoWithAge'] = listAnswer('noChildren', []);
    api.answers['/account/RegistChildren'] = { body: { status: 'succeed' } };
    const { user, onClose } = renderPopup('teen');
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Child registered' })).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(api.paths()).not.toContain('/schedule/RemoveStudyFromList');
  });

  test('the teen branch asks GetChildrenInfoWithAge and lists the teens', async () => {
    api.answers['/schedule/GetChildrenInfoWithAge'] = listAnswer('succeed', [child({ testerName: 'Tia Tester', age: 15 })]);
    api.answers['/schedule/DoChildrenScreener'] = { body: { status: 'succeed', redirectLink: `/community/main/screener/24103?k=${SAM}` } };
    const { user } = renderPopup('teen');
    await screen.findByRole('radio', { name: 'Tia Tester' });
    const dialog = screen.getByRole('dialog', { name: 'Choose your teen' });
    expect(api.calls[0]).toEqual({ path: '/schedule/GetChildrenInfoWithAge', body: { studyNo: 24104 } });
    await user.click(within(dialog).getByRole('radio', { name: 'Tia Tester' }));
    await user.click(within(dialog).getByRole('button', { name: 'Select' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(`/community/main/screener/24103?k=${SAM}`);
  });
});
