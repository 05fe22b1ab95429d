import type { createBrowserRouter } from 'react-router';
import { prerenderedPageAt } from '../../shared/prerendered-pages.ts';
import { i18n } from './i18n.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Keeps `<meta name="description">` right as the visitor moves through the app or switches language:
 * the public pages' own description (seo.<page>), the generic one elsewhere. Titles need no help:
 * each page renders its own <title>, which React places in <head>.
 */
export function followDescription(router: AppRouter): void {
  const description = document.querySelector('meta[name="description"]');
  if (!description) return;
  const update = () => {
    const page = prerenderedPageAt(router.state.location.pathname) ?? 'default';
    description.setAttribute('content', i18n.t(`seo.${page}.description`));
  };
  router.subscribe(update);
  i18n.on('languageChanged', update);
  update();
}
