import { Toaster } from 'sonner';
import { useTheme } from '../../lib/theme';
import { useIsMobile } from '../../lib/use-media-query';

/**
 * The app's toasts. On phones they rise from the bottom, as the OS's own snackbars do: at the top a stack of
 * full-width toasts covered a drawer's title and close button. They stop 76 px above the bottom edge, clear of
 * a drawer's footer, so its submit button stays tappable while a toast shows. Their close button is restyled
 * for touch in styles.css (a 44 px target inside the toast instead of a dot hanging off its corner).
 */
export function AppToaster() {
  const theme = useTheme();
  const phone = useIsMobile();
  return (
    <Toaster
      theme={theme}
      position={phone ? 'bottom-center' : 'top-center'}
      mobileOffset={{ bottom: 'calc(76px + env(safe-area-inset-bottom))', left: 16, right: 16 }}
      richColors
      closeButton
      toastOptions={{ className: 'text-sm' }}
    />
  );
}
