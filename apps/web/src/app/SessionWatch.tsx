import type { MeResponse, SessionTiming } from '@portal/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { fetchMe, onUnauthenticated } from '../lib/api-client';
import { forgetSignedInData, meQueryOptions, sessionKeys } from '../lib/session';
import { isSignedIn, markSessionEnded, signedOutMe } from '../lib/session-expiry';
import { useIdleWarning } from './useIdleWarning';

const loadIdleWarning = () => import('./IdleWarning');
const IdleWarning = lazy(loadIdleWarning);
/** The dialog's code starts loading this long before the warning is due. */
const DIALOG_LEAD_MS = 60_000;

/**
 * The server no longer knows the session: the page forgets it at once. The route guards then send the person to
 * the login page as for any signed-out visitor (with the page as referrer), plus the ended-session notice.
 */
function endSession(queryClient: QueryClient) {
  const me = queryClient.getQueryData<MeResponse>(sessionKeys.me);
  if (!me || !isSignedIn(me)) return;
  markSessionEnded();
  queryClient.setQueryData(sessionKeys.me, signedOutMe(me));
  forgetSignedInData(queryClient);
  // A visitor's CSRF token for the login form (no session on the server: decision 018).
  void fetchMe().catch(() => undefined);
}

/**
 * Watches the session of an open page:
 * - any 401 from the API while the page believed someone was signed in means the session ended on the server:
 *   the page goes to the login page, with the notice and the way back (referrer);
 * - two minutes before the idle timeout it warns and offers to stay signed in (WCAG 2.2.1). The time left comes
 *   from the server (`/me`, then `GET /session`, which does not count as activity), so several tabs never extend
 *   the session by themselves, and one tab's activity or "stay signed in" quietly closes the warning in the others.
 *   The same question on every change of screen and on coming back to the tab finds a session ended elsewhere
 *   even where the screen itself loads nothing.
 */
export function SessionWatch() {
  const queryClient = useQueryClient();
  useEffect(() => onUnauthenticated(() => endSession(queryClient)), [queryClient]);
  const me = useQuery(meQueryOptions).data;
  if (!isSignedIn(me)) return null;
  return <IdleWatch initial={me?.session ?? null} />;
}

/** The warning's timing runs with the page; the dialog's code arrives a minute before it is due. */
function IdleWatch({ initial }: { initial: SessionTiming | null }) {
  const warning = useIdleWarning(initial);
  const { warnsAt, endsAt } = warning;
  useEffect(() => {
    if (warnsAt === null) return;
    const preload = setTimeout(
      () => void loadIdleWarning().catch(() => undefined),
      Math.max(0, warnsAt - Date.now() - DIALOG_LEAD_MS),
    );
    return () => clearTimeout(preload);
  }, [warnsAt]);
  if (endsAt === null) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarning
        secondsLeft={(endsAt - warning.now) / 1000}
        extending={warning.extending}
        onStaySignedIn={() => void warning.staySignedIn()}
      />
    </Suspense>
  );
}
