import { useEffect, useRef } from 'react';

declare global {
  interface Window {
    onFerrymanTelegramAuth?: (user: Record<string, string | number>) => void;
  }
}

/** Telegram's login widget; calls back with the signed user fields (id, first_name, …, hash). */
export function TelegramLoginButton({ botName, onAuth }: { botName: string; onAuth: (fields: Record<string, string>) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onAuth);
  callback.current = onAuth;
  useEffect(() => {
    const host = ref.current;
    if (!host || !botName) return;
    window.onFerrymanTelegramAuth = (user) =>
      callback.current(Object.fromEntries(Object.entries(user).map(([k, v]) => [k, String(v)])));
    const script = document.createElement('script');
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.async = true;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-radius', '8');
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-onauth', 'onFerrymanTelegramAuth(user)');
    host.appendChild(script);
    return () => {
      host.innerHTML = '';
      delete window.onFerrymanTelegramAuth;
    };
  }, [botName]);
  return <div ref={ref} className="flex min-h-10 justify-center" />;
}
