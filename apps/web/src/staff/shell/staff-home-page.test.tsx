// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderStaffPages } from '../../../test/staff-pages';
import { StaffHomePage } from './staff-home-page';

const renderHome = (roles: Parameters<typeof renderStaffPages>[2]) => renderStaffPages('/staff/home', { home: <StaffHomePage /> }, roles);

const sectionLinks = (name: string) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the console home', () => {
  test('a recruiter sees one Recruiting section holding every recruiting page, invitations among them', () => {
    renderHome(['recruiter']);
    expect(screen.getAllByRole('heading', { name: 'Recruiting' })).toHaveLength(1);
    expect(sectionLinks('Recruiting')).toEqual(['Studies', 'Invitations', 'Testers', 'Children to confirm', 'Referrals']);
    expect(screen.queryByRole('region', { name: 'Content' })).toBeNull();
  });

  test('every role at once: each section once, and no id used twice', () => {
    renderHome(['admin', 'recruiter', 'site-staff', 'rewards', 'content']);
    for (const name of ['Recruiting', 'Administration', 'Rewards', 'Content']) {
      expect(screen.getAllByRole('heading', { name })).toHaveLength(1);
    }
    expect(screen.getByRole('link', { name: 'Check-in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/staff/calendar');
    const ids = [...document.body.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('content staff read what the loyalty settings and test sites pages now hold', () => {
    renderHome(['content']);
    const content = within(screen.getByRole('region', { name: 'Content' }));
    expect(content.getByText(/the perks and the profile pictures/)).toBeInTheDocument();
    expect(content.getByText(/ZIP prefixes, maps page and place in the list; add or remove a site/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recruiting' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Calendar' })).toBeNull();
  });
});
