import './app/mantine-styles.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { config as configureZod } from 'zod/v4/core';
import { Providers } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';
import { configQuery } from './lib/config.ts';
import { installGlobalErrorLogging } from './lib/logger.ts';

installGlobalErrorLogging();
// Zod would probe whether it may compile parsers with `new Function`; the shop's Content-Security-
// Policy (script-src 'self') forbids eval, and the browser reports the attempt (Lighthouse's best
// practices). Set before any page's code uses Zod; the server keeps Zod's compiled parsers.
configureZod({ jitless: true });
// Ask for the shop settings while the first page's code loads.
void queryClient.prefetchQuery(configQuery);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const root = createRoot(container);
// A non-urgent first render: React renders it in slices, between which the browser paints and
// answers input, rather than in one long task (Lighthouse's TBT on a phone, bench/README.md).
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
