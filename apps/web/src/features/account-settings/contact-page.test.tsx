// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { ContactPage } from './contact-page';

const api = fakeApi();
const STORED = { status: 'succeed', address: '1 Test Way', city: 'Chicago', zipCode: '60614', homeNo: '3125550100' };
const PHONE_MESSAGE = 'Please enter a valid phone number with a 10-digit format, including the area code.';
const TOO_FAR = 'Your address is too far from our in-person testing locations. You may still be invited to online-only opportunities.';

function renderPage() {
  api.answers['/account/GetContact'] = { body: STORED };
  api.answers['/account/CheckLocation'] = (zip) => ({ body: { siteId: zip === '59001' ? '88888' : '00001', tooFar: zip === '59001' } });
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <WithPortalQuery>
        <ContactPage />
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return user;
}

const field = (name: string) => screen.getByLabelText(name, { exact: false }) as HTMLInputElement;

describe('the contact page (spec 3, sections 5 and 8)', () => {
  test('shows the stored contact, the phone formatted', async () => {
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your contact information…');
    expect(await screen.findByDisplayValue('1 Test Way')).toBeInTheDocument();
    expect(field('City').value).toBe('Chicago');
    expect(field('Zip code').value).toBe('60614');
    expect(field('Phone number').value).toBe('(312)555-0100');
  });

  test('the required fields, the zip and the phone messages, shown once left', async () => {
    const user = renderPage();
    await screen.findByDisplayValue('1 Test Way');
    await user.clear(field('Address'));
    await user.clear(field('City'));
    await user.tab();
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    await user.clear(field('Zip code'));
    await user.type(field('Zip code'), '6061');
    await user.tab();
    expect(await screen.findByText('Please enter a 5-digit zip code.')).toBeInTheDocument();
    await user.clear(field('Phone number'));
    await user.type(field('Phone number'), '312555');
    await user.tab();
    expect(await screen.findByText(PHONE_MESSAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save contact info' }));
    expect(api.paths()).not.toContain('/account/ChangeContact');
  });

  test('formats 10 digits on blur and sends the digits; a success says so', async () => {
    const user = renderPage();
    api.answers['/account/ChangeContact'] = { body: { status: 'succeed' } };
    await screen.findByDisplayValue('1 Test Way');
    await user.clear(field('Phone number'));
    await user.type(field('Phone number'), '7735550123');
    await user.tab();
    expect(field('Phone number').value).toBe('(773)555-0123');
    await user.click(screen.getByRole('button', { name: 'Save contact info' }));
    expect(await screen.findByRole('dialog', { name: 'Contact Updated' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/account/ChangeContact')?.body).toEqual({
      address: '1 Test Way',
      city: 'Chicago',
      zipCode: '60614',
      phone: '7735550123',
    });
  });

  test('a zip too far from the test sites gets the notice once left', async () => {
    const user = renderPage();
    await screen.findByDisplayValue('1 Test Way');
    expect(screen.queryByText(TOO_FAR)).not.toBeInTheDocument();
    await user.clear(field('Zip code'));
    await user.type(field('Zip code'), '59001');
    await user.tab();
    expect(await screen.findByText(TOO_FAR)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/account/CheckLocation').map((call) => call.body)).toContain('59001');
    // Edited: the notice no longer speaks of this zip.
    await user.type(field('Zip code'), '1');
    expect(screen.queryByText(TOO_FAR)).not.toBeInTheDocument();
  });

  test('a failed change shows the spec’s failure text', async () => {
    const user = renderPage();
    api.answers['/account/ChangeContact'] = { body: { status: 'failed' } };
    await screen.findByDisplayValue('1 Test Way');
    await user.click(screen.getByRole('button', { name: 'Save contact info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact Update Failed' });
    expect(dialog).toHaveTextContent('Updating contact information was unsuccessful.');
  });

  test('a server fault shows the same failure text', async () => {
    const user = renderPage();
    api.answers['/account/ChangeContact'] = { status: 500, body: { message: 'boom' } };
    await screen.findByDisplayValue('1 Test Way');
    await user.click(screen.getByRole('button', { name: 'Save contact info' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Contact Update Failed' })).toBeInTheDocument());
  });
});
