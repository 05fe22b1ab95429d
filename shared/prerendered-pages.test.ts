import { describe, expect, it } from 'vitest';
import de from './i18n/de.json' with { type: 'json' };
import en from './i18n/en.json' with { type: 'json' };
import { PRERENDERED_PAGES, prerenderedPageAt } from './prerendered-pages.ts';
import { HOME_PAGE, isAppPage, PROTECTED_PAGES, PUBLIC_PAGES } from './routes.ts';

describe('PRERENDERED_PAGES', () => {
  it('are public pages of the route table, never one that needs a session', () => {
    const publicPaths: string[] = [HOME_PAGE, ...Object.values(PUBLIC_PAGES)];
    const protectedPaths: string[] = Object.values(PROTECTED_PAGES);
    for (const path of Object.values(PRERENDERED_PAGES)) {
      expect(isAppPage(path), path).toBe(true);
      expect(publicPaths, path).toContain(path);
      expect(protectedPaths, path).not.toContain(path);
    }
  });

  it('are the five pages the first-paint budget names', () => {
    expect(Object.values(PRERENDERED_PAGES).sort()).toEqual(['/', '/faq', '/kontakt', '/login', '/register']);
  });

  it('each have a meta description in every language, and the app shell a generic one', () => {
    for (const catalog of [en, de]) {
      for (const page of [...Object.keys(PRERENDERED_PAGES), 'default'] as const) {
        const description = catalog.seo[page as keyof typeof catalog.seo].description;
        // Search engines show about 160 characters.
        expect(description.length, page).toBeGreaterThan(50);
        expect(description.length, page).toBeLessThanOrEqual(160);
      }
    }
    expect(de.seo.home.description).not.toBe(en.seo.home.description);
  });
});

describe('prerenderedPageAt', () => {
  it('finds a page by its path in any letter case, with or without a trailing slash', () => {
    expect(prerenderedPageAt('/')).toBe('home');
    expect(prerenderedPageAt('/kontakt')).toBe('contact');
    expect(prerenderedPageAt('/Login')).toBe('login');
    expect(prerenderedPageAt('/faq/')).toBe('faq');
  });

  it('finds none for other pages, sub-paths and URLs with a query', () => {
    for (const url of [
      '/dashboard',
      '/impressum',
      '/faq/more',
      '/login?passwordReset=1',
      '/?lang=de',
      '/kontakt2',
    ]) {
      expect(prerenderedPageAt(url), url).toBeUndefined();
    }
  });
});
