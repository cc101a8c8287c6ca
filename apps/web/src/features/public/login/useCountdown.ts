import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a moment, updated every second; `restart(n)` starts again from n seconds. Counts from the
 * clock rather than by ticks, so a tab in the background (slowed timers) shows the right number when it comes back.
 */
export function useCountdown(initialSeconds: number): {
  seconds: number;
  restart: (seconds: number) => void;
} {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const tick = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= endsAt) clearInterval(tick);
    }, 1000);
    return () => clearInterval(tick);
  }, [endsAt]);

  const restart = useCallback((next: number) => {
    const at = Date.now();
    setNow(at);
    setEndsAt(at + next * 1000);
  }, []);

  return { seconds, restart };
}
