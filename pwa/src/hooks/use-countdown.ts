import { useEffect, useState } from 'react';

/** A seconds countdown (resend cooldowns): `start(30)` then `remaining` ticks down to 0. */
export function useCountdown() {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  return { remaining, active: remaining > 0, start: (seconds: number) => setRemaining(seconds) };
}
