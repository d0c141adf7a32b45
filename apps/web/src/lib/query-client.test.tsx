// @vitest-environment jsdom
import { describe, expect, test, vi } from 'vitest';
import { ApiRequestError } from './api';
import { createPortalQueryClient } from './query-client';

const unauthenticated = () => new ApiRequestError('/x', 401, 'Please log in.');
const broken = () => new ApiRequestError('/x', 500, 'boom');

describe('portal QueryClient: the one 401 rule', () => {
  test('a 401 from a query goes to onUnauthenticated, without a retry', async () => {
    const onUnauthenticated = vi.fn();
    const client = createPortalQueryClient({ onUnauthenticated });
    const queryFn = vi.fn(async () => Promise.reject(unauthenticated()));
    await expect(client.fetchQuery({ queryKey: ['a'], queryFn })).rejects.toBeInstanceOf(ApiRequestError);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  test('a 401 from a mutation goes to onUnauthenticated', async () => {
    const onUnauthenticated = vi.fn();
    const client = createPortalQueryClient({ onUnauthenticated });
    const mutation = client.getMutationCache().build(client, { mutationFn: async () => Promise.reject(unauthenticated()) });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiRequestError);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  test('other failures are logged, not sent to login', async () => {
    const onUnauthenticated = vi.fn();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createPortalQueryClient({ onUnauthenticated });
    await expect(client.fetchQuery({ queryKey: ['b'], queryFn: async () => Promise.reject(broken()) })).rejects.toThrow('boom');
    const mutation = client.getMutationCache().build(client, { mutationKey: ['m'], mutationFn: async () => Promise.reject(broken()) });
    await expect(mutation.execute(undefined)).rejects.toThrow('boom');
    expect(onUnauthenticated).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledTimes(2);
    expect(logged.mock.calls[0]?.[0]).toContain('["b"]');
    expect(logged.mock.calls[1]?.[0]).toContain('["m"]');
    logged.mockRestore();
  });
});
