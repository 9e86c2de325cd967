import { MoonIcon, SunIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { setTheme, useTheme } from '../../lib/theme';
import { Button } from '../ui/button';
import { Tooltip } from '../ui/tooltip';

export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = t(next === 'dark' ? 'nav.theme.dark' : 'nav.theme.light');
  return (
    <Tooltip content={label}>
      <Button variant="ghost" size="icon" aria-label={t('nav.theme.toggle')} data-theme-toggle onClick={() => setTheme(next)}>
        {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      </Button>
    </Tooltip>
  );
}
