import './app/mantine-styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';
import { configQuery } from './lib/config.ts';
import { installGlobalErrorLogging } from './lib/logger.ts';

installGlobalErrorLogging();
// Ask for the shop settings while the first page's code loads.
void queryClient.prefetchQuery(configQuery);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
