import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { configureApiClient } from '../lib/api-client';
import { loadEagerCatalogs } from '../lib/i18n';

// Screens that lazy-load their chunks and catalogs take seconds to appear when the web tests share 2 cores with the
// server suite (CI runs them together); waiting is not what these tests measure, so findBy* waits up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

// The app loads the page language's shared catalogs before its first render (main.tsx); tests render at once.
await loadEagerCatalogs('en');

// Vitest does not apply Vite's `base`; tests use the production base path so asserted URLs are the real ones.
configureApiClient({ basePath: '/angel/face' });

// Mantine reads media queries and observes sizes; jsdom implements neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = window.ResizeObserver ?? ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = window.HTMLElement.prototype.scrollIntoView ?? (() => {});
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });
// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on it for web fonts loading.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
