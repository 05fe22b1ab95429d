import { describe, expect, it } from 'vitest';
import { isAppPage, PROTECTED_PAGES, PUBLIC_PAGES } from './routes.ts';

describe('isAppPage', () => {
  it('knows every page of the route table, with any id in place of :id', () => {
    for (const pattern of [...Object.values(PUBLIC_PAGES), ...Object.values(PROTECTED_PAGES), '/']) {
      expect(isAppPage(pattern.replaceAll(':id', '42')), pattern).toBe(true);
    }
    expect(isAppPage('/decision/999999')).toBe(true);
    expect(isAppPage('/team-decision/abc/edit')).toBe(true);
  });

  it('ignores the query, a trailing slash and letter case, as the router does', () => {
    expect(isAppPage('/invite?token=abc')).toBe(true);
    expect(isAppPage('/dashboard/')).toBe(true);
    expect(isAppPage('/Dashboard')).toBe(true);
    expect(isAppPage('/?lang=de')).toBe(true);
  });

  it('refuses paths without a page', () => {
    for (const path of [
      '/this/route/does-not-exist',
      '/decision',
      '/decision/1/delete',
      '/team-decision/1/edit/more',
      '/dashboards',
      '/favicon.ico',
    ]) {
      expect(isAppPage(path), path).toBe(false);
    }
  });
});
