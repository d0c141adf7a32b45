// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import type { TestSite } from '@testerhub/shared/public-content';
import { fakeApi } from '../../../test/fake-api';
import { clearQueryCache } from '../../hooks/use-cached-query';
import { MapPopup } from './map-popup';

const api = fakeApi();
// The public pages keep each answer for the page's life: each test starts with none.
beforeEach(clearQueryCache);

const DALLAS = {
  siteId: '00002',
  mapCode: 'da',
  name: 'Dallas test site',
  address: '1 Main St, Dallas, TX',
  phone: '(214) 555-0100',
  fax: '(214) 555-0101',
  tollFree: '(800) 555-0102',
  airportDirections: [{ airport: 'DFW', directions: 'Take the highway east.' }],
} as unknown as TestSite;

const renderPopup = (mapCode: 'da' | 'ch') =>
  render(
    <MemoryRouter>
      <MapPopup mapCode={mapCode} />
    </MemoryRouter>,
  );

describe('a test site’s maps page', () => {
  test('shows the site that holds the page: address, phones and each airport’s directions', async () => {
    api.answers['/content/GetTestSites'] = { body: [DALLAS] };
    renderPopup('da');
    expect(await screen.findByRole('heading', { name: 'Dallas test site', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(214) 555-0100' })).toHaveAttribute('href', 'tel:2145550100');
    expect(screen.getByRole('region', { name: 'From DFW' })).toHaveTextContent('Take the highway east.');
  });

  test('says so when no site holds the page (content staff took it off), rather than an empty page', async () => {
    api.answers['/content/GetTestSites'] = { body: [DALLAS] };
    renderPopup('ch');
    expect(await screen.findByText(/No test site is open in Chicago at the moment/)).toBeInTheDocument();
  });

  test('says the details could not be loaded when the call fails', async () => {
    api.answers['/content/GetTestSites'] = { status: 500, body: { message: 'down' } };
    renderPopup('ch');
    expect(await screen.findByRole('alert')).toHaveTextContent('The site details could not be loaded.');
  });
});
