import type { StepUpRequest } from '@portal/contract';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { StepUpDialog } from './StepUpDialog';
import { needsStepUp } from './security-api';

/**
 * Runs a sensitive change; when the server answers that it needs a fresh check, asks for it in a dialog and runs the
 * change once more. Answers the wrapper and the dialog to render.
 */
export function useStepUp(methods: StepUpRequest['method'][]): {
  guarded: <T>(action: () => Promise<T>) => Promise<T | undefined>;
  dialog: ReactNode;
} {
  const [opened, setOpened] = useState(false);
  const pending = useRef<{ resolve: (ok: boolean) => void } | null>(null);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        pending.current = { resolve };
        setOpened(true);
      }),
    [],
  );
  const finish = (ok: boolean) => {
    setOpened(false);
    pending.current?.resolve(ok);
    pending.current = null;
  };

  const guarded = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await action();
      } catch (error) {
        if (!needsStepUp(error)) throw error;
        if (!(await ask())) return undefined;
        return action();
      }
    },
    [ask],
  );

  const dialog = (
    <StepUpDialog
      key={methods.join(',')}
      opened={opened}
      methods={methods}
      onDone={() => finish(true)}
      onCancel={() => finish(false)}
    />
  );
  return { guarded, dialog };
}
