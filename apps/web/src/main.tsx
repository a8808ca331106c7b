import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/query-client.ts';
import { initI18n } from './i18n/i18n.ts';
import { registerServiceWorker } from './pwa/service-worker-registration.ts';
import { readStoredAuth } from './sign-in/auth-storage.ts';
import { SIGNED_IN_EVENT } from './sign-in/sign-in-context.tsx';

void initI18n();
registerServiceWorker();

const queryClient = createQueryClient();
// A signed-in member's last answers come back before the first render, so an offline start shows
// them, and are kept from a sign-in on; visitors on the sign-in screen never download this code.
const keepQueryCache = (restore: boolean) =>
  import('./pwa/query-cache-persistence.ts').then((module) =>
    module.keepQueryCache(queryClient, { restore }),
  );
const restored = readStoredAuth() ? keepQueryCache(true) : Promise.resolve();
window.addEventListener(SIGNED_IN_EVENT, () => void keepQueryCache(false));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
void restored
  .catch(() => undefined)
  .then(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
