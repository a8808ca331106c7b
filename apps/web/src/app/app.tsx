import { Toast } from '@heroui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { BootScreen } from '../components/boot-screen.tsx';
import { InstallPrompt } from '../features/install-prompt/install-prompt.tsx';
import { captureInstallPromptEvent } from '../features/install-prompt/install-prompt-event.ts';
import { PullToRefreshIndicator } from '../features/pull-to-refresh/pull-to-refresh-indicator.tsx';
import { SessionProvider, useSession } from '../session/session-context.tsx';
import { createQueryClient } from './query-client.ts';
import { router } from './router.tsx';
import { ThemeProvider } from './theme-context.tsx';

captureInstallPromptEvent();

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
          <PullToRefreshIndicator />
          <InstallPrompt />
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
