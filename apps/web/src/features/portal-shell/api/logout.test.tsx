// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../../test/fake-api';
import { createPortalQueryClient } from '../../../lib/query-client';
import { portalShellKeys } from './query-keys';
import { useLogout } from './logout';

const { answers, paths } = fakeApi();

describe('useLogout', () => {
  test('clears every cached query, then leaves', async () => {
    answers['/account/Logout'] = { body: { status: 'succeed' } };
    const client = createPortalQueryClient({ onUnauthenticated: vi.fn() });
    client.setQueryData(portalShellKeys.testerInfo(), { coins: 5 });
    client.setQueryData(['screeners', 'list'], []);
    const onLoggedOut = vi.fn(() => expect(client.getQueryCache().getAll()).toEqual([]));
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useLogout({ onLoggedOut }), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(onLoggedOut).toHaveBeenCalledTimes(1));
    expect(paths()).toEqual(['/account/Logout']);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  test('a failed logout keeps the cache and does not leave', async () => {
    answers['/account/Logout'] = { status: 503, body: { message: 'down' } };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createPortalQueryClient({ onUnauthenticated: vi.fn() });
    client.setQueryData(portalShellKeys.testerInfo(), { coins: 5 });
    const onLoggedOut = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useLogout({ onLoggedOut }), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onLoggedOut).not.toHaveBeenCalled();
    expect(client.getQueryData(portalShellKeys.testerInfo())).toEqual({ coins: 5 });
    logged.mockRestore();
  });
});
