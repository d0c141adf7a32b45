// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { LEGAL_PAGE_TITLES, LEGAL_TEXTS, type LegalPageKey, type StaffLegalTextsResponse } from '@testerhub/shared/legal-text-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { renderStaffPages } from '../../../test/staff-pages';
import { LegalTextsPage } from './legal-texts-page';

const api = fakeApi();

const LIST: StaffLegalTextsResponse = {
  status: 'succeed',
  pages: (Object.keys(LEGAL_PAGE_TITLES) as LegalPageKey[]).map((page) => ({
    page,
    title: LEGAL_PAGE_TITLES[page],
    current:
      page === 'privacy'
        ? { version: 2, publishedAt: '2031-05-02T15:00:00.000Z', publishedBy: 'Casey Content', restoredBuiltIn: false, spanish: false }
        : null,
  })),
};

function renderPage(roles: StaffRole[] = ['content']) {
  return renderStaffPages('/staff/content/legal', { 'content/legal': <LegalTextsPage /> }, roles);
}

type User = ReturnType<typeof renderPage>;

/** Publish, then the confirmation that names the version. */
async function publish(user: User, section: ReturnType<typeof within>, version: number) {
  await user.click(section.getByRole('button', { name: 'Publish' }));
  await user.click(section.getByRole('button', { name: `Publish version ${version} now` }));
}

const publishedBody = () => api.calls.find((call) => call.path === '/staff/content/PublishLegalText')?.body;

describe('the legal texts page (decision 070)', () => {
  test('lists the pages; a built-in page starts from its built-in HTML; unsafe HTML is refused beside the field; publishing asks twice', async () => {
    api.answers['/staff/content/LegalTexts'] = { body: LIST };
    api.answers['/staff/content/LegalTextVersions?page=rules'] = {
      body: { status: 'succeed', page: 'rules', title: 'Tester Rules', latestVersion: 0, bodyHtml: null, bodyHtmlEs: null, history: [] },
    };
    api.answers['/staff/content/PublishLegalText'] = { body: { status: 'succeed', message: LEGAL_TEXTS.published, version: 1 } };
    const user = renderPage();
    const pages = within(await screen.findByRole('list', { name: 'Legal pages' }));
    const rules = within(pages.getByRole('listitem', { name: 'Tester Rules' }));
    expect(rules.getByText('Built-in text')).toBeInTheDocument();
    expect(pages.getByRole('listitem', { name: 'Privacy Policy' })).toHaveTextContent(/Version 2, published .* by Casey Content/);

    await user.click(rules.getByRole('button', { name: 'Edit Tester Rules' }));
    const field = await rules.findByLabelText('Text of Tester Rules (HTML)');
    expect((field as HTMLTextAreaElement).value).toContain('10-15 minutes early');
    expect(rules.getByText('No version has been published: the built-in text has always been in force.')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '<p onclick="x()">Be kind.</p>');
    await publish(user, rules, 1);
    expect(field).toHaveAccessibleDescription(expect.stringContaining(LEGAL_TEXTS.eventRefused('onclick')));
    expect(api.paths()).not.toContain('/staff/content/PublishLegalText');

    await user.clear(field);
    await user.type(field, '<p>Be kind.</p>');
    expect(rules.getByText('Be kind.', { selector: '.legal p' })).toBeInTheDocument();
    await user.click(rules.getByRole('button', { name: 'Publish' }));
    expect(api.paths()).not.toContain('/staff/content/PublishLegalText');
    await user.click(rules.getByRole('button', { name: 'Publish version 1 now' }));
    expect(await screen.findByText(LEGAL_TEXTS.published)).toBeInTheDocument();
    expect(publishedBody()).toEqual({
      page: 'rules',
      basedOnVersion: 0,
      bodyHtml: '<p>Be kind.</p>',
    });
  });

  test('a published page: its body, its history, a refusal kept in the editor, and the return to the built-in text', async () => {
    api.answers['/staff/content/LegalTexts'] = { body: LIST };
    api.answers['/staff/content/LegalTextVersions?page=privacy'] = {
      body: {
        status: 'succeed',
        page: 'privacy',
        title: 'Privacy Policy',
        latestVersion: 2,
        bodyHtml: '<p>Stored privacy text.</p>',
        bodyHtmlEs: null,
        history: [
          { version: 2, publishedAt: '2031-05-02T15:00:00.000Z', publishedBy: 'Casey Content', restoredBuiltIn: false, spanish: false },
          { version: 1, publishedAt: '2031-05-01T15:00:00.000Z', publishedBy: 'Robin Admin', restoredBuiltIn: false, spanish: false },
        ],
      },
    };
    api.answers['/staff/content/PublishLegalText'] = { body: { status: 'failed', message: LEGAL_TEXTS.changed } };
    api.answers['/staff/content/RestoreBuiltInLegalText'] = { body: { status: 'succeed', message: LEGAL_TEXTS.restored, version: 3 } };
    const user = renderPage();
    const privacy = within(await screen.findByRole('listitem', { name: 'Privacy Policy' }));
    await user.click(privacy.getByRole('button', { name: 'Edit Privacy Policy' }));
    const field = await privacy.findByLabelText('Text of Privacy Policy (HTML)');
    expect((field as HTMLTextAreaElement).value).toBe('<p>Stored privacy text.</p>');
    const rows = privacy.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)!.textContent)).toEqual(['Casey Content', 'Robin Admin']);

    await publish(user, privacy, 3);
    expect(await privacy.findByRole('alert')).toHaveTextContent(LEGAL_TEXTS.changed);
    expect(privacy.getByRole('button', { name: 'Close and reload' })).toBeInTheDocument();

    await user.click(privacy.getByRole('button', { name: 'Return to the built-in text' }));
    expect(await screen.findByText(`Privacy Policy: ${LEGAL_TEXTS.restored}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/RestoreBuiltInLegalText')?.body).toEqual({
      page: 'privacy',
      basedOnVersion: 2,
    });
  });

  test('the Spanish text (decision 132): beside the built-in English one it is published alone, validated beside its own field, and shown when stored', async () => {
    api.answers['/staff/content/LegalTexts'] = { body: LIST };
    api.answers['/staff/content/LegalTextVersions?page=rules'] = {
      body: { status: 'succeed', page: 'rules', title: 'Tester Rules', latestVersion: 0, bodyHtml: null, bodyHtmlEs: null, history: [] },
    };
    api.answers['/staff/content/PublishLegalText'] = { body: { status: 'succeed', message: LEGAL_TEXTS.published, version: 1 } };
    const user = renderPage();
    const rules = within(await screen.findByRole('listitem', { name: 'Tester Rules' }));
    expect(rules.getByText(/No Spanish text: Spanish readers see the English one/)).toBeInTheDocument();
    await user.click(rules.getByRole('button', { name: 'Edit Tester Rules' }));
    const spanish = await rules.findByLabelText('Spanish text of Tester Rules (HTML, optional)');
    expect(spanish).toHaveValue('');
    expect(spanish).toHaveAttribute('lang', 'es');

    await user.type(spanish, '<p onclick="x()">Sea amable.</p>');
    await publish(user, rules, 1);
    expect(spanish).toHaveAccessibleDescription(expect.stringContaining(LEGAL_TEXTS.eventRefused('onclick')));
    expect(rules.getByLabelText('Text of Tester Rules (HTML)')).not.toHaveAccessibleDescription(expect.stringContaining('onclick'));
    expect(api.paths()).not.toContain('/staff/content/PublishLegalText');

    await user.clear(spanish);
    await user.type(spanish, '<p>Sea amable.</p>');
    expect(rules.getByText('Sea amable.', { selector: '.legal p' })).toBeInTheDocument();
    await publish(user, rules, 1);
    expect(await screen.findByText(LEGAL_TEXTS.published)).toBeInTheDocument();
    // The English field still held the built-in HTML: it stays the built-in text.
    expect(publishedBody()).toEqual({
      page: 'rules',
      basedOnVersion: 0,
      bodyHtml: null,
      bodyHtmlEs: '<p>Sea amable.</p>',
    });
  });

  test('a stored Spanish text fills its field; both fields edited are sent', async () => {
    api.answers['/staff/content/LegalTexts'] = { body: LIST };
    api.answers['/staff/content/LegalTextVersions?page=privacy'] = {
      body: {
        status: 'succeed',
        page: 'privacy',
        title: 'Privacy Policy',
        latestVersion: 2,
        bodyHtml: '<p>Stored privacy text.</p>',
        bodyHtmlEs: '<p>Texto de privacidad guardado.</p>',
        history: [
          { version: 2, publishedAt: '2031-05-02T15:00:00.000Z', publishedBy: 'Casey Content', restoredBuiltIn: false, spanish: true },
        ],
      },
    };
    api.answers['/staff/content/PublishLegalText'] = { body: { status: 'succeed', message: LEGAL_TEXTS.published, version: 3 } };
    const user = renderPage();
    const privacy = within(await screen.findByRole('listitem', { name: 'Privacy Policy' }));
    await user.click(privacy.getByRole('button', { name: 'Edit Privacy Policy' }));
    const spanish = await privacy.findByLabelText('Spanish text of Privacy Policy (HTML, optional)');
    expect(spanish).toHaveValue('<p>Texto de privacidad guardado.</p>');
    expect(within(privacy.getAllByRole('row')[1]!).getAllByRole('cell')[1]).toHaveTextContent('Yes');
    await user.clear(spanish);
    await user.type(spanish, '<p>Nuevo texto.</p>');
    await publish(user, privacy, 3);
    expect(await screen.findByText(LEGAL_TEXTS.published)).toBeInTheDocument();
    expect(publishedBody()).toEqual({
      page: 'privacy',
      basedOnVersion: 2,
      bodyHtml: '<p>Stored privacy text.</p>',
      bodyHtmlEs: '<p>Nuevo texto.</p>',
    });
  });

  test('shows the error with Try again when the list cannot load', async () => {
    api.answers['/staff/content/LegalTexts'] = { status: 500, body: { message: 'down' } };
    renderPage();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
