import { AppShell, Container, type MantineSize } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { LoadingState } from '../../components/LoadingState';
import { MachineTranslationNote } from '../../components/MachineTranslationNote';
import { MAIN_CONTENT_ID } from '../../components/SkipLink';

/**
 * The screen slot of every layout: the route's screen (or `children`), with its own error boundary (reset on
 * navigation, so the header and menus stay usable) and its own Suspense (the screen chunk and its i18n namespace
 * load while the frame stays on screen).
 */
export function ScreenSlot({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingState />}>{children ?? <Outlet />}</Suspense>
    </ErrorBoundary>
  );
}

/** `<main>` landmark, target of the skip link, with the Japanese machine-translation remark on top. */
export function MainContent({
  children,
  size = 'lg',
  before,
}: {
  children?: ReactNode;
  size?: MantineSize | number;
  /** Shown above every screen of the layout (the producer area's "viewing as" banner). */
  before?: ReactNode;
}) {
  return (
    // The shell's main fills the screen by default; leave room so the footer shows on short pages.
    <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} mih="calc(100dvh - 4rem)">
      <Container size={size} px={0} py="md">
        <MachineTranslationNote />
        {before}
        <ScreenSlot>{children}</ScreenSlot>
      </Container>
    </AppShell.Main>
  );
}
