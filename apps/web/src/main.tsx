import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { AppRoot } from './app/AppRoot';
import { getBasePath } from './lib/api-client';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      {/* Routes are written without the base path (/angel/face); the router adds it. */}
      <BrowserRouter basename={getBasePath() || '/'}>
        <AppRoot />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
