// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { COMPANY } from '@testerhub/shared/company';
import { LEGAL_PAGES, type LegalPageKey } from '../../components/legal/legal-pages';
import LegalPopupRoute from './legal-popup-route';

afterEach(cleanup);

function renderPage(page: LegalPageKey, url = `/popup/${page}`) {
  const { Component } = LEGAL_PAGES[page];
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Component />
    </MemoryRouter>,
  );
}

const text = (container: HTMLElement) => (container.textContent ?? '').replace(/\s+/g, ' ');

describe('legal popup route', () => {
  test.each(Object.keys(LEGAL_PAGES) as LegalPageKey[])('%s renders its title as the heading', (page) => {
    render(
      <MemoryRouter initialEntries={[`/popup/${page}`]}>
        <LegalPopupRoute page={page} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(LEGAL_PAGES[page].title);
    expect(document.title).toContain(LEGAL_PAGES[page].title);
  });
});

describe('legal texts', () => {
  test('tester rules: exactly 8 rules with the required facts', () => {
    renderPage('rules');
    const items = within(screen.getByRole('list', { name: 'Tester rules' })).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    const all = items.map((item) => text(item)).join(' ');
    expect(all).toMatch(/10-15 minutes early/);
    expect(all).toMatch(/Children under 12 must never be left alone/);
    expect(all).toMatch(/2 or more no-shows within 3 months may result in a 6-month suspension/);
    expect(all).toMatch(/government-issued photo ID/);
  });

  test('privacy policy: nothing collected under 13, links to the biometric policy', () => {
    const { container } = renderPage('privacy');
    expect(text(container)).toMatch(/do not collect personal information from anyone under 13/);
    const link = screen.getByRole('link', { name: 'Biometric Data Policy' });
    expect(link.getAttribute('href')).toBe('/popup/biometric-private-policy');
  });

  test('biometric policy: 90-day retention and a link back to the privacy policy', () => {
    const { container } = renderPage('biometric-private-policy');
    expect(text(container)).toMatch(/90 days have passed since you last clocked in/);
    expect(text(container)).toMatch(/relationship with us as a tester ends/);
    const back = screen.getByRole('link', { name: /go back to the privacy policy/i });
    expect(back.getAttribute('href')).toBe('/popup/privacy');
  });

  test('cancellation policy: 24 hours notice and no compensation since 10/1/2020', () => {
    const { container } = renderPage('cancellation-policy');
    const content = text(container);
    expect(content).toMatch(/at least 24 hours before your testing time/);
    expect(content).toMatch(/Within 24 hours of testing, changes and cancellations can be made by phone only/);
    expect(content).toMatch(/Since 10\/1\/2020, no compensation is paid/);
    expect(content).toMatch(/6-month suspension/);
  });

  test('terms and conditions: coins, redeem window and referral limits', () => {
    const { container } = renderPage('conditions');
    const content = text(container);
    expect(content).toMatch(/Coins have no cash value/);
    expect(content).toMatch(/within 30 days of redemption/);
    expect(content).toMatch(/up to 10 people per month/);
    expect(content).toMatch(/current testers only/);
    expect(content).toMatch(/one person per household/);
  });

  test('what to expect: seven steps and the kinds of studies', () => {
    const { container } = renderPage('expectation');
    const steps = within(screen.getByRole('region', { name: 'How it works' })).getAllByRole('listitem');
    expect(steps).toHaveLength(7);
    expect(text(container)).toMatch(/3-4 times a year/);
    expect(text(container)).toMatch(/Focus groups/);
  });

  test('community terms: English by default with the withdrawal phone', () => {
    const { container } = renderPage('community-terms');
    expect(screen.getByRole('heading', { name: 'Who can join' })).toBeTruthy();
    expect(text(container)).toContain(COMPANY.withdrawalPhone);
    expect(screen.getByRole('link', { name: 'Español' }).getAttribute('href')).toBe('/popup/community-terms?lang=es');
    expect(screen.getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('true');
  });

  test('community terms: Spanish with ?lang=es', () => {
    const { container } = renderPage('community-terms', '/popup/community-terms?lang=es');
    expect(screen.getByRole('heading', { name: 'Quién puede participar' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Who can join' })).toBeNull();
    expect(text(container)).toContain(COMPANY.withdrawalPhone);
    expect(text(container)).toMatch(/13 años o más/);
    expect(screen.getByRole('link', { name: 'English' }).getAttribute('href')).toBe('/popup/community-terms?lang=en');
    expect(screen.getByRole('link', { name: 'Español' }).getAttribute('aria-current')).toBe('true');
  });
});
