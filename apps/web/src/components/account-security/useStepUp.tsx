import { useCallback } from 'react';
import { needsStepUp } from './security-api';

/**
 * Runs a sensitive change of the Security page. When it needs a fresh check, StepUpHost has already asked for it and
 * sent the change again; a refusal still marked "step up" means the person cancelled the dialog: nothing to say.
 */
export function useStepUp(): <T>(action: () => Promise<T>) => Promise<T | undefined> {
  return useCallback(async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await action();
    } catch (error) {
      if (needsStepUp(error)) return undefined;
      throw error;
    }
  }, []);
}
