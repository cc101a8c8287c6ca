import { openLegalDialog } from './legal-dialog';
import type { LegalKind } from './legal-types';

/**
 * Opens the disclaimer or the privacy policy as a dialog (overlays from the login text and the footer, docs/web.md):
 * titled, focus kept inside, Escape and the close button return focus to the link that opened it. The dialog is
 * drawn by LegalDialogHost, which loads its code on the first request.
 */
export function useOpenLegalText(): (kind: LegalKind) => void {
  return openLegalDialog;
}
