import { Toast } from '@heroui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { BootScreen } from '../components/boot-screen.tsx';
import { SessionProvider, useSession } from '../session/session-context.tsx';
import { createQueryClient } from './query-client.ts';
import { router } from './router.tsx';
import { ThemeProvider } from './theme-context.tsx';

function Routes() {
  const { isInitialized } = useSession();
  return isInitialized ? <RouterProvider router={router} /> : <BootScreen />;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <Suspense fallback={<BootScreen />}>
          <SessionProvider>
            <Routes />
          </SessionProvider>
          <Toast.Provider placement="top end" />
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
