import { createElement, StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

/*
 * The SPA baseline of bench/cases/spa.ts: React 19 with createRoot and one stateful component, nothing else. Written
 * with createElement (no JSX) so the server's tsconfig, which type-checks bench/, needs no JSX settings.
 */

function Hello() {
  const [clicks, setClicks] = useState(0);
  return createElement(
    'main',
    null,
    createElement('h1', null, 'Hello'),
    createElement(
      'button',
      { type: 'button', onClick: () => setClicks((n) => n + 1) },
      `Clicked ${clicks} times`,
    ),
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
createRoot(root).render(createElement(StrictMode, null, createElement(Hello)));
