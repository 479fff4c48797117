import './styles/fonts.css';
import './ui/tokens.css';
import './ui/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { boot } from './app/boot.ts';
import { createQueryClient, installTokenErrorHandler } from './app/queryClient.ts';
import { dropServerPageMeta } from './features/meta/index.ts';
import { startServiceWorkerAfterLoad } from './sw/start.ts';

const queryClient = createQueryClient();
installTokenErrorHandler(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Render even if a boot step failed: the app then shows what it can (e.g. a guest view).
void boot(queryClient)
  .catch((error: unknown) => console.error('Startup step failed', error))
  .then(() => {
    // The head the server wrote describes the first address only; PageMeta keeps it from here on.
    dropServerPageMeta();
    const root = createRoot(container);
    // The first render as a transition: React renders it in slices, giving the browser the main thread
    // between them (a phone stays responsive while the first screen is built; issue 20, TBT).
    startTransition(() => {
      root.render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    });
    // Installable app, offline page, thumbnails kept (issue 17): after the page has loaded, never before.
    startServiceWorkerAfterLoad();
  });
