// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CallLoadingIndicator, MAX_CALL_LOADING_MS } from './call-loading-indicator';

let finish: (() => void)[] = [];
const pending = () => new Promise<string>((resolve) => finish.push(() => resolve('done')));

function Caller() {
  const mutation = useMutation({ mutationFn: pending });
  return (
    <button type="button" onClick={() => mutation.mutate()}>
      Call
    </button>
  );
}

function Loader({ queryKey }: { queryKey: string }) {
  useQuery({ queryKey: [queryKey], queryFn: pending });
  return null;
}

function renderWith(ui: React.ReactNode, label?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CallLoadingIndicator label={label} />
      {ui}
    </QueryClientProvider>,
  );
  return client;
}

// TanStack Query batches its notifications on a 0 ms timer: let it run.
const tick = () => act(() => vi.advanceTimersByTimeAsync(0));
const overlay = () => screen.queryByTestId('call-loading-overlay');

beforeEach(() => {
  finish = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('portal loading indicator (spec 2: shown while a call runs, cleared after at most 2 seconds)', () => {
  test('a call that ends early: shown while it runs, gone when it ends', async () => {
    renderWith(<Caller />);
    expect(overlay()).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    await tick();
    expect(overlay()).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(async () => finish.forEach((done) => done()));
    await tick();
    expect(overlay()).not.toBeInTheDocument();
  });

  test("a screen reader hears the label in the portal's language (the shell gives 'Cargando…' to a Spanish tester)", async () => {
    renderWith(<Caller />, 'Cargando…');
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    await tick();
    expect(screen.getByRole('status')).toHaveTextContent(/^Cargando…$/);
    await act(async () => finish.forEach((done) => done()));
  });

  test('a call still running after 2 seconds: the indicator goes at 2 s, not before', async () => {
    renderWith(<Caller />);
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    await tick();
    await act(() => vi.advanceTimersByTimeAsync(MAX_CALL_LOADING_MS - 1));
    expect(overlay()).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(overlay()).not.toBeInTheDocument();
    expect(MAX_CALL_LOADING_MS).toBe(2000);
    // Another call while the first still runs does not bring it back: the cap is per appearance.
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    await tick();
    expect(overlay()).not.toBeInTheDocument();
    // Once every call has ended, the next call shows it again, for up to 2 s.
    await act(async () => finish.forEach((done) => done()));
    await tick();
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    await tick();
    expect(overlay()).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(MAX_CALL_LOADING_MS));
    expect(overlay()).not.toBeInTheDocument();
  });

  test('a first load shows it; a background refresh of data already shown does not', async () => {
    const client = renderWith(<Loader queryKey="list" />);
    await tick();
    expect(overlay()).toBeInTheDocument();
    await act(async () => finish.forEach((done) => done()));
    await tick();
    expect(overlay()).not.toBeInTheDocument();
    await act(async () => void client.invalidateQueries({ queryKey: ['list'] }));
    await tick();
    expect(client.isFetching({ queryKey: ['list'] })).toBe(1);
    expect(overlay()).not.toBeInTheDocument();
  });
});
