// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test } from 'vitest';
import type { StaffMe } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../test/fake-api';
import { StaffApp } from './staff-app';

const api = fakeApi();

function renderConsoleAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="staff/*" element={<StaffApp />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the staff console (decision 086)', () => {
  test("a section's code loads inside the console's frame behind an announced status, then the section shows", async () => {
    const me: StaffMe = { status: 'succeed', id: 's-1', name: 'Cora', email: 'cora@staff.example.test', roles: ['admin'], siteIds: [] };
    api.answers['/staff/Me'] = { body: me };
    renderConsoleAt('/staff/dashboard');
    // Each section is its own chunk: while it arrives the navigation is there and a status says so.
    const loading = await screen.findByText('Loading…');
    expect(loading).toHaveAttribute('role', 'status');
    expect(within(screen.getByRole('navigation', { name: 'Staff console' })).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  test('the login page, outside the frame, waits behind the same announced status', async () => {
    renderConsoleAt('/staff/login');
    expect(await screen.findByText('Loading…')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
