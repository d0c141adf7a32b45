// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { CONTENT_TEXTS, type StaffFaq, type StaffTermsVersion } from '@testerhub/shared/content-admin-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { FaqsPage } from './faqs-page';
import { TermsPage } from './terms-page';
import { renderStaffPages } from '../../../test/staff-pages';

const api = fakeApi();

const PARKING: StaffFaq = {
  id: 7,
  type: 2,
  question: 'Where do I park?',
  answer: '<p>Behind the building.</p>',
  hidden: false,
  revision: 3,
};
const PAY: StaffFaq = { id: 8, type: 2, question: 'When am I paid?', answer: '<p>On the day.</p>', hidden: true, revision: 1 };
const V2: StaffTermsVersion = {
  version: 2,
  publishedAt: '2026-10-25T12:00:00.000Z',
  summaryEn: 'We explain the leaderboard.',
  summaryEs: 'Explicamos la tabla.',
  inForce: true,
};

function renderPage(page: 'faqs' | 'terms', roles: StaffRole[] = ['content']) {
  return renderStaffPages(`/staff/content/${page}`, { 'content/faqs': <FaqsPage />, 'content/terms': <TermsPage /> }, roles);
}

describe('the FAQ page (decision 057)', () => {
  test('lists the questions by group, hidden ones marked, with move buttons only where a move is possible', async () => {
    api.answers['/staff/content/Faqs'] = { body: { status: 'succeed', faqs: [PARKING, PAY] } };
    renderPage('faqs');
    const group = within(await screen.findByRole('region', { name: 'Tester Support' }));
    const parking = within(group.getByRole('listitem', { name: 'Where do I park?' }));
    expect(parking.getByText('Behind the building.')).toBeInTheDocument();
    expect(parking.queryByRole('button', { name: /Move up/ })).toBeNull();
    expect(parking.getByRole('button', { name: 'Move down “Where do I park?”' })).toBeInTheDocument();
    const pay = within(group.getByRole('listitem', { name: /When am I paid\?/ }));
    expect(pay.getByText('(hidden)')).toBeInTheDocument();
    expect(pay.getByRole('button', { name: 'Show “When am I paid?”' })).toBeInTheDocument();
  });

  test('adds a question: refuses empty fields beside them, sends the typed one and says so', async () => {
    api.answers['/staff/content/Faqs'] = { body: { status: 'succeed', faqs: [] } };
    api.answers['/staff/content/AddFaq'] = { body: { status: 'succeed', message: CONTENT_TEXTS.faqAdded, faq: PARKING } };
    const user = renderPage('faqs');
    expect(await screen.findByText('No questions yet. Add the first one above.')).toBeInTheDocument();
    await user.click(screen.getByText('Add a question'));
    const form = within(screen.getByRole('form', { name: 'Add a question' }));
    await user.click(form.getByRole('button', { name: 'Add question' }));
    expect(form.getByText(CONTENT_TEXTS.questionRequired)).toBeInTheDocument();
    expect(form.getByLabelText('Answer', { exact: false })).toHaveAttribute('aria-invalid', 'true');
    expect(api.paths()).not.toContain('/staff/content/AddFaq');

    await user.selectOptions(form.getByLabelText('Group'), '2');
    await user.type(form.getByLabelText('Question'), 'Where do I park?');
    await user.type(form.getByLabelText('Answer', { exact: false }), 'Behind the building.');
    await user.click(form.getByRole('button', { name: 'Add question' }));
    expect(await screen.findByText(CONTENT_TEXTS.faqAdded)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/AddFaq')?.body).toEqual({
      type: 2,
      question: 'Where do I park?',
      answer: 'Behind the building.',
      hidden: false,
    });
  });

  test('edits from the copy it opened, and says so when someone else changed it meanwhile', async () => {
    api.answers['/staff/content/Faqs'] = { body: { status: 'succeed', faqs: [PARKING] } };
    api.answers['/staff/content/EditFaq'] = { body: { status: 'failed', message: CONTENT_TEXTS.faqChanged } };
    const user = renderPage('faqs');
    const card = within(await screen.findByRole('listitem', { name: 'Where do I park?' }));
    await user.click(card.getByRole('button', { name: 'Edit “Where do I park?”' }));
    const question = card.getByLabelText('Question');
    await user.clear(question);
    await user.type(question, 'Where can I park?');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByRole('alert')).toHaveTextContent(CONTENT_TEXTS.faqChanged);
    expect(api.calls.find((call) => call.path === '/staff/content/EditFaq')?.body).toEqual({
      id: 7,
      revision: 3,
      type: 2,
      question: 'Where can I park?',
      answer: '<p>Behind the building.</p>',
      hidden: false,
    });
    expect(card.getByRole('button', { name: 'Close and reload' })).toBeInTheDocument();
  });

  test('hides and moves with the question’s revision', async () => {
    api.answers['/staff/content/Faqs'] = { body: { status: 'succeed', faqs: [PARKING, PAY] } };
    api.answers['/staff/content/EditFaq'] = { body: { status: 'succeed', message: CONTENT_TEXTS.faqSaved } };
    api.answers['/staff/content/MoveFaq'] = { body: { status: 'succeed', message: CONTENT_TEXTS.faqMoved } };
    const user = renderPage('faqs');
    await user.click(await screen.findByRole('button', { name: 'Hide “Where do I park?”' }));
    expect(await screen.findByText(`“Where do I park?”: ${CONTENT_TEXTS.faqSaved}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/EditFaq')?.body).toMatchObject({ id: 7, revision: 3, hidden: true });
    await user.click(screen.getByRole('button', { name: 'Move up “When am I paid?”' }));
    expect(await screen.findByText(`“When am I paid?”: ${CONTENT_TEXTS.faqMoved}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/MoveFaq')?.body).toEqual({ id: 8, revision: 1, direction: 'up' });
  });

  test('has an error state with Try again, and is refused without the content role', async () => {
    let fail = true;
    api.answers['/staff/content/Faqs'] = () =>
      fail ? { status: 500, body: { message: 'boom' } } : { body: { status: 'succeed', faqs: [] } };
    const user = renderPage('faqs');
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No questions yet. Add the first one above.')).toBeInTheDocument();
  });

  test('without the content role the page says so and asks nothing', () => {
    renderPage('faqs', ['rewards']);
    expect(screen.getByRole('alert')).toHaveTextContent('Only staff with the content role can open this page.');
    expect(api.calls).toHaveLength(0);
  });
});

describe('the terms page (decision 057)', () => {
  test('shows the history and publishes over the latest version shown, requiring both summaries', async () => {
    api.answers['/staff/content/TermsVersions'] = { body: { status: 'succeed', latestVersion: 2, versions: [V2] } };
    api.answers['/staff/content/PublishTerms'] = { body: { status: 'succeed', message: CONTENT_TEXTS.termsPublished, version: 3 } };
    const user = renderPage('terms');
    const v2 = within(await screen.findByRole('listitem', { name: 'Version 2 (in force)' }));
    expect(v2.getByText('We explain the leaderboard.')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('heading', { name: 'Publish version 3' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('What changed (English)'), 'New rules for rewards.');
    await user.click(screen.getByRole('button', { name: 'Publish and ask testers to accept' }));
    expect(screen.getByText(CONTENT_TEXTS.summaryEsRequired)).toBeInTheDocument();
    expect(api.paths()).not.toContain('/staff/content/PublishTerms');

    await user.type(screen.getByLabelText('What changed (Spanish)'), 'Nuevas reglas.');
    await user.click(screen.getByRole('button', { name: 'Publish and ask testers to accept' }));
    expect(await screen.findByText(CONTENT_TEXTS.termsPublished)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/PublishTerms')?.body).toEqual({
      basedOnVersion: 2,
      summaryEn: 'New rules for rewards.',
      summaryEs: 'Nuevas reglas.',
    });
  });

  test('says so when someone else published first', async () => {
    api.answers['/staff/content/TermsVersions'] = { body: { status: 'succeed', latestVersion: 2, versions: [V2] } };
    api.answers['/staff/content/PublishTerms'] = { body: { status: 'failed', message: CONTENT_TEXTS.termsChanged } };
    const user = renderPage('terms');
    await user.type(await screen.findByLabelText('What changed (English)'), 'A');
    await user.type(screen.getByLabelText('What changed (Spanish)'), 'B');
    await user.click(screen.getByRole('button', { name: 'Publish and ask testers to accept' }));
    expect(await screen.findByText(CONTENT_TEXTS.termsChanged)).toBeInTheDocument();
  });
});
