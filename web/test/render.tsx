import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderHookOptions, type RenderOptions, render, renderHook } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { theme } from '../app/theme.ts';

/** The shop's theme and a query client of its own, no retries. */
function providers() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme} env="test" withCssVariables={false} withGlobalClasses={false}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    );
  }
  return { queryClient, Wrapper };
}

/** A component as the app shows it. */
export function renderWithProviders(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  const { queryClient, Wrapper } = providers();
  return {
    user: userEvent.setup({ delay: null }),
    queryClient,
    ...render(ui, { wrapper: Wrapper, ...options }),
  };
}

/** A hook as a component of the app runs it. */
export function renderHookWithProviders<Result, Props>(
  hook: (props: Props) => Result,
  options?: Omit<RenderHookOptions<Props>, 'wrapper'>,
) {
  const { queryClient, Wrapper } = providers();
  return { queryClient, ...renderHook(hook, { wrapper: Wrapper, ...options }) };
}

/**
 * Pages at their routes, opened at `url` in a router of their own: `router.state` says where the
 * person is and how they got there (a new history entry or the current one replaced), and
 * `router.navigate(-1)` is the browser's Back button.
 */
export function renderWithRouter(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}
