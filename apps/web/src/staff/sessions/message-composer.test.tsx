// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { MESSAGE_TEMPLATES, MESSAGE_TEXTS } from '@testerhub/shared/staff-message-schemas';
import { fakeApi } from '../../../test/fake-api';
import { GROUP, GROUPS_PATH, groups, renderStudyPagesAt } from './sessions-test-helpers';

/**
 * Messages to a group's people and cancelling a group from the sessions page (decision 123): the
 * template's text is editable, nothing is sent before a preview names how many will be told, and an
 * edit after the preview asks for a new one; cancelling confirms how many are told and cancelled.
 */

const api = fakeApi();

function renderSessions() {
  api.answers[GROUPS_PATH] = groups([GROUP]);
  return renderStudyPagesAt('/staff/studies/24101/sessions');
}

const EXAMPLE = {
  to: 'ann@example.test',
  language: 'es',
  subject: 'Recordatorio: Cereal test',
  text: 'Hola Ann,\n\nLe recordamos su sesión.',
};

describe('messaging a group’s people (decision 123)', () => {
  test('previews the template’s text with the count and one e-mail, then sends it once with a request id', async () => {
    api.answers['/staff/messages/Preview'] = { body: { status: 'succeed', recipients: 2, skipped: 1, example: EXAMPLE } };
    api.answers['/staff/messages/Send'] = { body: { status: 'succeed', message: MESSAGE_TEXTS.sent(2, 1), queued: 2, skipped: 1 } };
    const user = renderSessions();
    const card = within(await screen.findByRole('listitem', { name: 'Group A1 (Green)' }));
    await user.click(card.getByRole('button', { name: 'Message the people of group A1' }));
    const composer = within(card.getByRole('region', { name: 'Message the people of group A1' }));
    expect(composer.getByLabelText('Subject (English)')).toHaveValue(MESSAGE_TEMPLATES.reminder.en.subject);
    expect(composer.getByLabelText('Message (Spanish)')).toHaveValue(MESSAGE_TEMPLATES.reminder.es!.body);
    expect(composer.queryByRole('button', { name: /^Send/ })).not.toBeInTheDocument();

    await user.click(composer.getByRole('button', { name: 'Preview' }));
    expect(await composer.findByText('2 people will be told; 1 person with e-mail turned off will not.')).toBeInTheDocument();
    expect(composer.getByText('Recordatorio: Cereal test')).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/messages/Preview')?.body).toEqual({
      scope: 'group',
      groupId: GROUP.groupId,
      recipients: 'booked',
      template: 'reminder',
      subject: MESSAGE_TEMPLATES.reminder.en.subject,
      body: MESSAGE_TEMPLATES.reminder.en.body,
      spanishSubject: MESSAGE_TEMPLATES.reminder.es!.subject,
      spanishBody: MESSAGE_TEMPLATES.reminder.es!.body,
    });

    await user.click(composer.getByRole('button', { name: 'Send to 2 people' }));
    expect(await screen.findByText(`Group A1: ${MESSAGE_TEXTS.sent(2, 1)}`)).toBeInTheDocument();
    const sends = api.calls.filter((call) => call.path === '/staff/messages/Send');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toMatchObject({ scope: 'group', groupId: GROUP.groupId, template: 'reminder' });
    expect((sends[0]!.body as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('an edit after the preview asks for a new preview before anything is sent', async () => {
    api.answers['/staff/messages/Preview'] = { body: { status: 'succeed', recipients: 2, skipped: 0, example: EXAMPLE } };
    const user = renderSessions();
    const card = within(await screen.findByRole('listitem', { name: 'Group A1 (Green)' }));
    await user.click(card.getByRole('button', { name: 'Message the people of group A1' }));
    const composer = within(card.getByRole('region', { name: 'Message the people of group A1' }));
    await user.selectOptions(composer.getByLabelText('Template'), 'freeText');
    expect(composer.queryByLabelText('Message (Spanish)')).not.toBeInTheDocument();
    await user.type(composer.getByLabelText('Subject'), 'Parking');
    await user.type(composer.getByLabelText('Message'), 'Park behind the building.');
    await user.click(composer.getByRole('button', { name: 'Preview' }));
    expect(await composer.findByRole('button', { name: 'Send to 2 people' })).toBeInTheDocument();
    await user.type(composer.getByLabelText('Message'), ' Thanks.');
    expect(composer.queryByRole('button', { name: 'Send to 2 people' })).not.toBeInTheDocument();
    expect(composer.getByRole('button', { name: 'Preview' })).toBeInTheDocument();
    expect(api.paths()).not.toContain('/staff/messages/Send');
  });
});

describe('messaging a study’s people (decision 123)', () => {
  test('sends free text to the study’s booked and waiting people, and lists it among the messages sent', async () => {
    api.answers['/staff/messages/Preview'] = { body: { status: 'succeed', recipients: 5, skipped: 0, example: null } };
    api.answers['/staff/messages/Send'] = { body: { status: 'succeed', message: MESSAGE_TEXTS.sent(5, 0), queued: 5, skipped: 0 } };
    api.answers['/staff/messages/Sent?studyNo=24101'] = {
      body: {
        status: 'succeed',
        messages: [
          {
            sentAt: '2026-11-20T15:00:00.000Z',
            sentBy: 'Rui Recruiter',
            scope: 'study',
            group: null,
            template: 'freeText',
            recipients: 'booked-and-waitlisted',
            subject: 'Parking',
            queued: 5,
            skipped: 0,
          },
        ],
      },
    };
    const user = renderSessions();
    await user.click(await screen.findByRole('button', { name: 'Message the study’s people' }));
    const composer = within(screen.getByRole('region', { name: 'Message the people of study 24101' }));
    await user.selectOptions(composer.getByLabelText('Send to'), 'booked-and-waitlisted');
    await user.selectOptions(composer.getByLabelText('Template'), 'freeText');
    await user.type(composer.getByLabelText('Subject'), 'Parking');
    await user.type(composer.getByLabelText('Message'), 'Park behind the building.');
    await user.click(composer.getByRole('button', { name: 'Preview' }));
    await user.click(await composer.findByRole('button', { name: 'Send to 5 people' }));
    expect(await screen.findByText(MESSAGE_TEXTS.sent(5, 0))).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/messages/Send')?.body).toMatchObject({
      scope: 'study',
      studyNo: 24101,
      recipients: 'booked-and-waitlisted',
      template: 'freeText',
      subject: 'Parking',
      body: 'Park behind the building.',
    });

    await user.click(screen.getByRole('button', { name: 'Messages sent to this study’s people' }));
    const sent = within(await screen.findByTestId('sent-messages'));
    expect(sent.getByText('Parking')).toBeInTheDocument();
    expect(sent.getByText(/by Rui Recruiter, to the whole study \(booked and waiting list\): 5 sent\./)).toBeInTheDocument();
  });
});

describe('cancelling a group (decision 123)', () => {
  test('asks for the reason, names how many will be told and how many bookings cancelled, then cancels with the notice', async () => {
    api.answers['/staff/messages/Preview'] = { body: { status: 'succeed', recipients: 3, skipped: 0, example: null } };
    api.answers['/staff/sessions/CancelGroup'] = {
      body: { status: 'succeed', message: MESSAGE_TEXTS.cancelled(2, 3), released: 2, told: 3 },
    };
    const user = renderSessions();
    const card = within(await screen.findByRole('listitem', { name: 'Group A1 (Green)' }));
    await user.click(card.getByRole('button', { name: 'Cancel group A1' }));
    const composer = within(card.getByRole('region', { name: 'Cancel group A1' }));
    await user.type(composer.getByLabelText('Subject'), 'Your session is cancelled');
    await user.type(composer.getByLabelText('Message'), 'We are sorry.');
    await user.click(composer.getByRole('button', { name: 'Check who will be told' }));
    expect(await composer.findByRole('alert')).toHaveTextContent('Say why the group is cancelled');
    expect(api.paths()).not.toContain('/staff/messages/Preview');

    await user.type(composer.getByLabelText('Reason for cancelling'), 'The client moved the study');
    await user.click(composer.getByRole('button', { name: 'Check who will be told' }));
    expect(await composer.findByText('3 people will be told. 2 bookings will be cancelled.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/messages/Preview')?.body).toMatchObject({ recipients: 'booked-and-waitlisted' });
    await user.click(composer.getByRole('button', { name: 'Yes, cancel group A1 and tell 3 people' }));
    expect(await screen.findByText(`Group A1: ${MESSAGE_TEXTS.cancelled(2, 3)}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/sessions/CancelGroup')?.body).toEqual({
      groupId: GROUP.groupId,
      reason: 'The client moved the study',
      notice: { template: 'freeText', subject: 'Your session is cancelled', body: 'We are sorry.' },
    });
  });
});
