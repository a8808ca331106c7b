import { Toast } from '@heroui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/** Shows where the app went, for the tests of screens that navigate away. */
export function LocationStandIn() {
  return <p>Now at {useLocation().pathname}</p>;
}

/**
 * Renders `element` at `path` (matched by `pattern`) with a query client and toasts, as the app
 * does; every other address shows "Now at <path>".
 */
export function renderRoute(element: ReactElement, { path, pattern }: { path: string; pattern: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <Toast.Provider />
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<LocationStandIn />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
