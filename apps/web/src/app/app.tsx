import { Toast } from '@heroui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { BootScreen } from '../components/boot-screen.tsx';
import { InstallPrompt } from '../features/install-prompt/install-prompt.tsx';
import { captureInstallPromptEvent } from '../features/install-prompt/install-prompt-event.ts';
import { OfflineBanner } from '../pwa/offline-banner.tsx';
import { UpdatePrompt } from '../pwa/update-prompt.tsx';
import { SignInProvider, useSignIn } from '../sign-in/sign-in-context.tsx';
import { router } from './router.tsx';
import { ThemeProvider } from './theme-context.tsx';

captureInstallPromptEvent();

// Pulling needs a touch screen: elsewhere the gesture's code is not even downloaded.
const hasTouchScreen = navigator.maxTouchPoints > 0;
const PullToRefreshIndicator = lazy(() =>
  import('../features/pull-to-refresh/pull-to-refresh-indicator.tsx').then((module) => ({
    default: module.PullToRefreshIndicator,
  })),
);

function Routes() {
  const { isInitialized } = useSignIn();
  return isInitialized ? <RouterProvider router={router} /> : <BootScreen />;
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <OfflineBanner />
        <Suspense fallback={<BootScreen />}>
          <SignInProvider>
            <Routes />
          </SignInProvider>
          <Toast.Provider placement="top end" />
          {hasTouchScreen && (
            <Suspense>
              <PullToRefreshIndicator />
            </Suspense>
          )}
          <InstallPrompt />
          <UpdatePrompt />
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
