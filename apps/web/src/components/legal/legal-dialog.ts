import { useSyncExternalStore } from 'react';
import type { LegalKind } from './legal-types';

/**
 * Which legal text is asked for, for the one dialog that shows it (LegalDialogHost). A plain store instead of
 * @mantine/modals: the provider of that package renders a Modal on every page, which put the dialog code (and the
 * scroll area with floating-ui it references) into the login page's first download.
 */
export type LegalRequest = { kind: LegalKind; id: number };

let current: LegalRequest | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function openLegalDialog(kind: LegalKind): void {
  current = { kind, id: nextId++ };
  emit();
}

/** After the dialog's closing transition: nothing is shown any more. */
export function clearLegalDialog(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useLegalRequest(): LegalRequest | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
