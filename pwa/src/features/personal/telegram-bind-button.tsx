import { useEffect, useRef } from 'react';

/** Telegram's widget in redirect mode: the server binds and answers with a redirect to /setting. */
export function TelegramBindButton({ botName }: { botName: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (!host || !botName) return;
    const script = document.createElement('script');
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.async = true;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', 'small');
    script.setAttribute('data-auth-url', '/api/oauth/telegram/bind');
    host.appendChild(script);
    return () => {
      host.innerHTML = '';
    };
  }, [botName]);
  return <div ref={ref} className="min-h-8" />;
}
