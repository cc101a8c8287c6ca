import { lazy, Suspense } from 'react';
import { useLegalRequest } from './legal-dialog';

const LegalDialog = lazy(() => import('./LegalDialog'));

/** Mounted once under the session gate; draws the legal text dialog when one is asked for (useOpenLegalText). */
export function LegalDialogHost() {
  const request = useLegalRequest();
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <LegalDialog key={request.id} request={request} />
    </Suspense>
  );
}
