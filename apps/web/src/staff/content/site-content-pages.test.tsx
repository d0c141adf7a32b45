// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { SITE_CONTENT_TEXTS, type StaffTestSite, type StaffWinner } from '@testerhub/shared/site-content-schemas';
import { SITE_ZIP_TEXTS } from '@testerhub/shared/site-zip-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { renderStaffPages } from '../../../test/staff-pages';
import { SitesPage } from './sites-page';
import { WinnersPage } from './winners-page';

const api = fakeApi();

const MARIA: StaffWinner = {
  id: 4,
  winnerTypeDesc: 'Facebook',
  periodStart: '2025-04-01',
  winnerTime: 'April',
  winner: 'Maria G.',
  hidden: false,
  revision: 2,
};
const DALLAS: StaffTestSite = {
  siteId: '00002',
  mapCode: 'da',
  name: 'Dallas Test Center',
  city: 'Dallas',
  address: '1 Main St, Dallas, TX',
  phone: '(214) 555-0100',
  fax: '',
  tollFree: '',
  timeZone: 'America/Chicago',
  airportDirections: [{ airport: 'DFW', directions: 'Take the train.' }],
  revision: 5,
};

function renderPage(page: 'winners' | 'sites', roles: StaffRole[] = ['content']) {
  return renderStaffPages(`/staff/content/${page}`, { 'content/winners': <WinnersPage />, 'content/sites': <SitesPage /> }, roles);
}

describe('the winners page (decision 061)', () => {
  afterEach(() => vi.unstubAllEnvs());

  test('adds a winner: refuses empty and invalid fields beside them, sends the typed one and says so', async () => {
    api.answers['/staff/content/Winners'] = { body: { status: 'succeed', winners: [] } };
    api.answers['/staff/content/AddWinner'] = { body: { status: 'succeed', message: SITE_CONTENT_TEXTS.winnerAdded, winner: MARIA } };
    const user = renderPage('winners');
    expect(await screen.findByText('No winners yet. Add the first one above.')).toBeInTheDocument();
    await user.click(screen.getByText('Add a winner'));
    const form = within(screen.getByRole('form', { name: 'Add a winner' }));
    await user.click(form.getByRole('button', { name: 'Add winner' }));
    expect(form.getByText(SITE_CONTENT_TEXTS.winnerRequired)).toBeInTheDocument();
    expect(form.getByText(SITE_CONTENT_TEXTS.periodStartRequired)).toBeInTheDocument();
    expect(form.getByLabelText('Period label', { exact: false })).toHaveAttribute('aria-invalid', 'true');
    expect(api.paths()).not.toContain('/staff/content/AddWinner');

    await user.selectOptions(form.getByLabelText('Giveaway'), 'Facebook');
    await user.type(form.getByLabelText('Winner’s name as shown', { exact: false }), 'Maria G.');
    await user.type(form.getByLabelText('First day of the period', { exact: false }), '2025-04-01');
    await user.type(form.getByLabelText('Period label', { exact: false }), 'April');
    await user.click(form.getByRole('button', { name: 'Add winner' }));
    expect(await screen.findByText(SITE_CONTENT_TEXTS.winnerAdded)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/AddWinner')?.body).toEqual({
      winnerTypeDesc: 'Facebook',
      periodStart: '2025-04-01',
      winnerTime: 'April',
      winner: 'Maria G.',
      hidden: false,
    });
  });

  test('the period’s first day says it is on the company’s clock, whatever the browser’s zone (decision 139)', async () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    api.answers['/staff/content/Winners'] = { body: { status: 'succeed', winners: [] } };
    const user = renderPage('winners');
    await user.click(await screen.findByText('Add a winner'));
    const form = within(screen.getByRole('form', { name: 'Add a winner' }));
    expect(form.getByLabelText('First day of the period', { exact: false })).toHaveAccessibleDescription(
      /^Orders the list and gives the year shown\. Dates are in Chicago time \(C[SD]T, UTC−[56]\), the company’s clock\.$/,
    );
  });

  test('edits from the copy it opened and says so when someone else changed it; hides with the revision', async () => {
    api.answers['/staff/content/Winners'] = { body: { status: 'succeed', winners: [MARIA] } };
    api.answers['/staff/content/EditWinner'] = (body) =>
      (body as { hidden: boolean }).hidden
        ? { body: { status: 'succeed', message: SITE_CONTENT_TEXTS.winnerSaved } }
        : { body: { status: 'failed', message: SITE_CONTENT_TEXTS.winnerChanged } };
    const user = renderPage('winners');
    const card = within(await screen.findByRole('listitem', { name: 'Maria G.' }));
    expect(card.getByText(/Social giveaway, April 2025/)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Edit Maria G., April' }));
    const name = card.getByLabelText('Winner’s name as shown', { exact: false });
    await user.clear(name);
    await user.type(name, 'Maria H.');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText(SITE_CONTENT_TEXTS.winnerChanged)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/EditWinner')?.body).toEqual({ ...MARIA, winner: 'Maria H.' });
    await user.click(card.getByRole('button', { name: 'Close and reload' }));

    await user.click(card.getByRole('button', { name: 'Hide Maria G., April' }));
    expect(await screen.findByText(`Maria G.: ${SITE_CONTENT_TEXTS.winnerSaved}`)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/staff/content/EditWinner').at(-1)?.body).toEqual({ ...MARIA, hidden: true });
  });

  test('removes only after the second, explicit button', async () => {
    api.answers['/staff/content/Winners'] = { body: { status: 'succeed', winners: [MARIA] } };
    api.answers['/staff/content/RemoveWinner'] = { body: { status: 'succeed', message: SITE_CONTENT_TEXTS.winnerRemoved } };
    const user = renderPage('winners');
    const card = within(await screen.findByRole('listitem', { name: 'Maria G.' }));
    await user.click(card.getByRole('button', { name: 'Remove Maria G., April' }));
    expect(api.paths()).not.toContain('/staff/content/RemoveWinner');
    await user.click(card.getByRole('button', { name: 'Keep' }));
    await user.click(card.getByRole('button', { name: 'Remove Maria G., April' }));
    await user.click(card.getByRole('button', { name: 'Remove Maria G. for good' }));
    expect(await screen.findByText(`Maria G.: ${SITE_CONTENT_TEXTS.winnerRemoved}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/RemoveWinner')?.body).toEqual({ id: 4, revision: 2 });
  });

  test('has an error state with Try again', async () => {
    let fail = true;
    api.answers['/staff/content/Winners'] = () =>
      fail ? { status: 500, body: { message: 'boom' } } : { body: { status: 'succeed', winners: [] } };
    const user = renderPage('winners');
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No winners yet. Add the first one above.')).toBeInTheDocument();
  });
});

describe('the test sites page (decision 061)', () => {
  test('edits a site’s public fields and airports against its revision; the time zone is shown, not sent', async () => {
    api.answers['/staff/content/TestSites'] = { body: { status: 'succeed', sites: [DALLAS] } };
    api.answers['/staff/content/EditTestSite'] = { body: { status: 'succeed', message: SITE_CONTENT_TEXTS.siteSaved } };
    const user = renderPage('sites');
    const card = within(await screen.findByRole('listitem', { name: 'Dallas Test Center' }));
    expect(card.getByText('America/Chicago')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Edit Dallas Test Center' }));
    const phone = card.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, 'call us');
    await user.click(card.getByRole('button', { name: 'Add an airport' }));
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(card.getByText(SITE_CONTENT_TEXTS.phoneInvalid)).toBeInTheDocument();
    expect(card.getByLabelText('Airport 2')).toHaveAttribute('aria-invalid', 'true');
    expect(card.getByText(SITE_CONTENT_TEXTS.directionsRequired)).toBeInTheDocument();
    expect(api.paths()).not.toContain('/staff/content/EditTestSite');

    await user.clear(phone);
    await user.type(phone, '(214) 555-0199');
    await user.type(card.getByLabelText('Airport 2'), 'Love Field (DAL)');
    await user.type(card.getByLabelText('Directions from airport 2'), 'Take the DART bus.');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`Dallas Test Center: ${SITE_CONTENT_TEXTS.siteSaved}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/EditTestSite')?.body).toEqual({
      siteId: '00002',
      revision: 5,
      name: 'Dallas Test Center',
      city: 'Dallas',
      address: '1 Main St, Dallas, TX',
      phone: '(214) 555-0199',
      fax: '',
      tollFree: '',
      airportDirections: [
        { airport: 'DFW', directions: 'Take the train.' },
        { airport: 'Love Field (DAL)', directions: 'Take the DART bus.' },
      ],
    });
  });

  test('says so beside the form when the site changed since it was opened', async () => {
    api.answers['/staff/content/TestSites'] = { body: { status: 'succeed', sites: [DALLAS] } };
    api.answers['/staff/content/EditTestSite'] = { body: { status: 'failed', message: SITE_CONTENT_TEXTS.siteChanged } };
    const user = renderPage('sites');
    const card = within(await screen.findByRole('listitem', { name: 'Dallas Test Center' }));
    await user.click(card.getByRole('button', { name: 'Edit Dallas Test Center' }));
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByRole('alert')).toHaveTextContent(SITE_CONTENT_TEXTS.siteChanged);
    expect(card.getByRole('button', { name: 'Close and reload' })).toBeInTheDocument();
  });

  test('adds a site only with a time zone chosen', async () => {
    api.answers['/staff/content/TestSites'] = { body: { status: 'succeed', sites: [] } };
    api.answers['/staff/content/AddTestSite'] = { body: { status: 'succeed', message: SITE_CONTENT_TEXTS.siteAdded } };
    const user = renderPage('sites');
    expect(await screen.findByText('No test sites yet. Add the first one above.')).toBeInTheDocument();
    await user.click(screen.getByText('Add a test site'));
    const form = within(screen.getByRole('form', { name: 'Add a test site' }));
    await user.type(form.getByLabelText('Name'), 'Austin Test Center');
    await user.type(form.getByLabelText('City'), 'Austin');
    await user.type(form.getByLabelText('Street address'), '500 Congress Ave');
    await user.type(form.getByLabelText('Phone'), '(512) 555-0100');
    await user.click(form.getByRole('button', { name: 'Add site' }));
    expect(form.getByText(SITE_CONTENT_TEXTS.timeZoneInvalid)).toBeInTheDocument();
    expect(api.paths()).not.toContain('/staff/content/AddTestSite');
    await user.selectOptions(form.getByLabelText('Time zone', { exact: false }), 'America/Chicago');
    await user.click(form.getByRole('button', { name: 'Add site' }));
    expect(await screen.findByText(SITE_CONTENT_TEXTS.siteAdded)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/AddTestSite')?.body).toEqual({
      name: 'Austin Test Center',
      city: 'Austin',
      address: '500 Congress Ave',
      phone: '(512) 555-0100',
      fax: '',
      tollFree: '',
      airportDirections: [],
      timeZone: 'America/Chicago',
    });
  });

  test('without the content role the page says so and asks nothing', () => {
    renderPage('sites', ['rewards']);
    expect(screen.getByRole('alert')).toHaveTextContent('Only staff with the content role can open this page.');
    expect(api.calls).toHaveLength(0);
  });
});

describe('a site’s set-up: ZIP prefixes, maps page, order, removal (decision 069)', () => {
  const AUSTIN: StaffTestSite = { ...DALLAS, siteId: '00007', mapCode: null, name: 'Austin Test Center', revision: 1 };
  const sitesAnswer = { body: { status: 'succeed', sites: [DALLAS, AUSTIN] } };

  test('lists the site’s prefixes once opened, refuses a malformed one beside the field, shows the server’s refusal there, adds and removes', async () => {
    api.answers['/staff/content/TestSites'] = sitesAnswer;
    api.answers['/staff/content/SiteZipPrefixes'] = {
      body: {
        status: 'succeed',
        prefixes: [
          { prefix: '750', siteId: '00002' },
          { prefix: '787', siteId: '00007' },
        ],
      },
    };
    api.answers['/staff/content/AddZipPrefix'] = (body) =>
      (body as { prefix: string }).prefix === '750'
        ? { body: { status: 'failed', message: SITE_ZIP_TEXTS.prefixHeld('750', 'Dallas Test Center (00002)'), field: 'prefix' } }
        : { body: { status: 'succeed', message: SITE_ZIP_TEXTS.prefixAdded } };
    api.answers['/staff/content/RemoveZipPrefix'] = { body: { status: 'succeed', message: SITE_ZIP_TEXTS.prefixRemoved } };
    const user = renderPage('sites');
    const card = within(await screen.findByRole('listitem', { name: 'Austin Test Center' }));
    expect(api.paths()).not.toContain('/staff/content/SiteZipPrefixes');
    await user.click(card.getByText('ZIP prefixes'));
    const list = within(await card.findByRole('list', { name: 'ZIP prefixes of Austin Test Center' }));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['787 Remove']);

    const field = card.getByLabelText('New ZIP prefix', { exact: false });
    await user.type(field, '78');
    await user.click(card.getByRole('button', { name: 'Add prefix' }));
    expect(card.getByText(SITE_ZIP_TEXTS.prefixInvalid)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.paths()).not.toContain('/staff/content/AddZipPrefix');

    await user.clear(field);
    await user.type(field, '750');
    await user.click(card.getByRole('button', { name: 'Add prefix' }));
    expect(await card.findByText(SITE_ZIP_TEXTS.prefixHeld('750', 'Dallas Test Center (00002)'))).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, '733');
    await user.click(card.getByRole('button', { name: 'Add prefix' }));
    expect(await screen.findByText(`Austin Test Center: ${SITE_ZIP_TEXTS.prefixAdded}`)).toBeInTheDocument();
    expect(field).toHaveValue('');
    await user.click(card.getByRole('button', { name: 'Remove ZIP prefix 787 from Austin Test Center' }));
    expect(await screen.findByText(`Austin Test Center: ${SITE_ZIP_TEXTS.prefixRemoved}`)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.endsWith('ZipPrefix')).map((call) => [call.path, call.body])).toEqual([
      ['/staff/content/AddZipPrefix', { siteId: '00007', prefix: '750' }],
      ['/staff/content/AddZipPrefix', { siteId: '00007', prefix: '733' }],
      ['/staff/content/RemoveZipPrefix', { siteId: '00007', prefix: '787' }],
    ]);
  });

  test('the prefixes that failed to load say so with Try again', async () => {
    api.answers['/staff/content/TestSites'] = sitesAnswer;
    api.answers['/staff/content/SiteZipPrefixes'] = { status: 500, body: { message: 'Something went wrong on our side.' } };
    const user = renderPage('sites');
    const card = within(await screen.findByRole('listitem', { name: 'Austin Test Center' }));
    await user.click(card.getByText('ZIP prefixes'));
    expect(await card.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('sets the maps page with the revision, shows a page another site shows beside the field', async () => {
    api.answers['/staff/content/TestSites'] = sitesAnswer;
    api.answers['/staff/content/SetSiteMapCode'] = (body) =>
      (body as { mapCode: string | null }).mapCode === 'da'
        ? { body: { status: 'failed', message: SITE_ZIP_TEXTS.mapCodeHeld('da', 'Dallas Test Center (00002)'), field: 'mapCode' } }
        : { body: { status: 'succeed', message: SITE_ZIP_TEXTS.mapCodeSaved } };
    const user = renderPage('sites');
    const form = within(await screen.findByRole('form', { name: 'Maps page of Austin Test Center' }));
    const select = form.getByLabelText('Maps page', { exact: false });
    expect(select).toHaveValue('');
    await user.selectOptions(select, 'da');
    await user.click(form.getByRole('button', { name: 'Save maps page' }));
    expect(await form.findByText(SITE_ZIP_TEXTS.mapCodeHeld('da', 'Dallas Test Center (00002)'))).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(select, 'la');
    await user.click(form.getByRole('button', { name: 'Save maps page' }));
    expect(await screen.findByText(`Austin Test Center: ${SITE_ZIP_TEXTS.mapCodeSaved}`)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/staff/content/SetSiteMapCode').map((call) => call.body)).toEqual([
      { siteId: '00007', revision: 1, mapCode: 'da' },
      { siteId: '00007', revision: 1, mapCode: 'la' },
    ]);
  });

  test('moves a site in the order (the first cannot go up), and removes one only after confirming; a refusal is said', async () => {
    api.answers['/staff/content/TestSites'] = sitesAnswer;
    api.answers['/staff/content/MoveTestSite'] = { body: { status: 'succeed', message: SITE_ZIP_TEXTS.moved } };
    const refusal = SITE_ZIP_TEXTS.removeRefused('Dallas Test Center', '120 testers assigned, 3 session groups');
    api.answers['/staff/content/RemoveTestSite'] = (body) =>
      (body as { siteId: string }).siteId === '00002'
        ? { body: { status: 'failed', message: refusal } }
        : { body: { status: 'succeed', message: SITE_ZIP_TEXTS.removed } };
    const user = renderPage('sites');
    const dallas = within(await screen.findByRole('listitem', { name: 'Dallas Test Center' }));
    expect(dallas.getByRole('button', { name: 'Move up: Dallas Test Center' })).toBeDisabled();
    await user.click(dallas.getByRole('button', { name: 'Move down: Dallas Test Center' }));
    expect(await screen.findByText(`Dallas Test Center: ${SITE_ZIP_TEXTS.moved}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/MoveTestSite')?.body).toEqual({
      siteId: '00002',
      revision: 5,
      direction: 'down',
    });

    await user.click(dallas.getByRole('button', { name: 'Remove site: Dallas Test Center' }));
    expect(api.paths()).not.toContain('/staff/content/RemoveTestSite');
    await user.click(dallas.getByRole('button', { name: 'Keep it' }));
    expect(dallas.queryByRole('group', { name: 'Confirm removing Dallas Test Center' })).not.toBeInTheDocument();
    await user.click(dallas.getByRole('button', { name: 'Remove site: Dallas Test Center' }));
    await user.click(dallas.getByRole('button', { name: 'Yes, remove Dallas Test Center' }));
    expect(await dallas.findByRole('alert')).toHaveTextContent(refusal);

    const austin = within(screen.getByRole('listitem', { name: 'Austin Test Center' }));
    await user.click(austin.getByRole('button', { name: 'Remove site: Austin Test Center' }));
    await user.click(austin.getByRole('button', { name: 'Yes, remove Austin Test Center' }));
    expect(await screen.findByText(`Austin Test Center: ${SITE_ZIP_TEXTS.removed}`)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/staff/content/RemoveTestSite').map((call) => call.body)).toEqual([
      { siteId: '00002', revision: 5 },
      { siteId: '00007', revision: 1 },
    ]);
  });
});
