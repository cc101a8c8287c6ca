import './login.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootLogin } from './boot';

/**
 * Entry of login.html (docs/performance/login-entry.md, decision 028): the login page on its own, with React and
 * nothing else of the SPA's runtime (no router, TanStack Query, zod, Mantine or i18next). Everything after signing in
 * is the SPA, reached by a full page load. See docs/performance/login-entry.md.
 */
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const root = createRoot(container);
void bootLogin({
  render: (page) => root.render(<StrictMode>{page}</StrictMode>),
  basePath: (import.meta.env.BASE_URL ?? '/').replace(/\/+$/, ''),
  location: window.location,
  navigate: (url) => window.location.replace(url),
});
