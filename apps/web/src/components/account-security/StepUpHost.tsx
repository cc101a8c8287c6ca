import type { StepUpRequest } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { handleStepUp } from '../../lib/api-client';
import { overviewQuery } from './security-api';

const StepUpDialog = lazy(() => import('./StepUpDialog').then((m) => ({ default: m.StepUpDialog })));

interface Asking {
  methods: StepUpRequest['method'][];
  answer: Promise<boolean>;
  resolve: (passed: boolean) => void;
}

/**
 * The page's one answer to "confirm it is you" (docs/security/account-security.md, "Step-up"): when any call is
 * refused for a stale check, the API client asks here; the dialog offers the account's ways (from the Security
 * overview, asked afresh) and the call is sent again once the person passed. Calls refused together share one
 * dialog. The dialog and its texts load on first use.
 */
export function StepUpHost() {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Asking | null>(null);
  const current = useRef<Asking | null>(null);

  useEffect(
    () =>
      handleStepUp(async () => {
        if (current.current) return current.current.answer;
        const overview = await queryClient.fetchQuery({ ...overviewQuery(), staleTime: 0 }).catch(() => null);
        let resolve: (passed: boolean) => void = () => undefined;
        const answer = new Promise<boolean>((r) => {
          resolve = r;
        });
        const next = { methods: overview?.stepUpMethods ?? ['password'], answer, resolve };
        current.current = next;
        setAsking(next);
        return answer;
      }),
    [queryClient],
  );

  if (!asking) return null;
  const finish = (passed: boolean) => {
    current.current = null;
    setAsking(null);
    asking.resolve(passed);
  };
  return (
    <Suspense fallback={null}>
      <StepUpDialog
        opened
        methods={asking.methods}
        onDone={() => finish(true)}
        onCancel={() => finish(false)}
      />
    </Suspense>
  );
}
