import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { setTheme, useTheme } from '../../lib/theme.ts';

export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const nextTheme = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t(nextTheme === 'dark' ? 'theme.switchToDark' : 'theme.switchToLight')}
      onClick={() => setTheme(nextTheme)}
    >
      {theme === 'dark' ? <Sun aria-hidden size={20} /> : <Moon aria-hidden size={20} />}
    </Button>
  );
}
