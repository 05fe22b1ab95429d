import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/Button.tsx';

/**
 * For a visitor who is not logged in: the invitation is kept for later, and both ways in carry its
 * token, so logging in or registering continues with it. `texts`: the page's own wording of the three.
 */
export function LogInOrRegister({ token, texts }: { token: string; texts: 'invite' | 'inviteAccept' }) {
  const { t } = useTranslation();
  const tokenQuery = `?token=${encodeURIComponent(token)}`;
  return (
    <>
      <p className="text-slate-700 dark:text-slate-300">{t(`${texts}.keptForLater`)}</p>
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={`/login${tokenQuery}`}>{t(`${texts}.logIn`)}</ButtonLink>
        <ButtonLink to={`/register${tokenQuery}`} variant="secondary">
          {t(`${texts}.register`)}
        </ButtonLink>
      </div>
    </>
  );
}
