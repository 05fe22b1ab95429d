import type { Language } from '../shared/limits.ts';

const ROOT_ELEMENT = '<div id="root"></div>';
const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/;
const TITLE = /<title>[\s\S]*?<\/title>/;
// React places the <title>, <meta> and <link> a component renders before the markup of a tree that
// has no <html>; in the document they belong in <head>.
const LEADING_HOISTED_ELEMENTS = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)*/;

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function replaceOnce(html: string, pattern: RegExp | string, replacement: string, what: string): string {
  const count =
    typeof pattern === 'string'
      ? html.split(pattern).length - 1
      : (html.match(new RegExp(pattern, 'g')) ?? []).length;
  if (count !== 1) throw new Error(`the app shell must hold exactly one ${what}, found ${count}`);
  return html.replace(pattern, () => replacement);
}

/** The shell with its meta description set (the generic one, or a prerendered page's). */
export function withDescription(html: string, description: string): string {
  return replaceOnce(
    html,
    DESCRIPTION,
    `<meta name="description" content="${escapeAttribute(description)}" />`,
    '<meta name="description">',
  );
}

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+)"\s*\/?>/g;

/**
 * The document with its stylesheets inlined. A prerendered page paints as soon as its HTML is in:
 * on a slow mobile connection the separate CSS request (a new connection, sharing the bandwidth
 * with the scripts) delayed the first paint by a few hundred milliseconds. The CSP allows inline
 * styles; a repeat visit revalidates the page (304) instead of downloading it again.
 */
export function withInlinedStylesheets(html: string, readStylesheet: (href: string) => string): string {
  return html.replace(STYLESHEET_LINK, (_link, href: string) => {
    const css = readStylesheet(href);
    if (/<\/style/i.test(css))
      throw new Error(`${href} contains "</style", which would end the inlined style`);
    return `<style>${css}</style>`;
  });
}

const APP_SCRIPT_TAGS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;
const THEME_SCRIPT = '<script src="/theme-init.js"></script>';

/**
 * The document with the app's script tags (Vite's entry module and its modulepreloads) moved into an
 * inert <template id="app-scripts">, which web/public/app-loader.js inserts after the first paint.
 * Read the page first, then start it: fetched at once, the scripts share the bandwidth with the
 * page's first paint on a slow connection, and on a fast one with a slow phone their evaluation
 * (hundreds of milliseconds at 4× CPU) runs before the first frame. The links work at once; the
 * controls wait for hydration (web/lib/hydration.ts).
 */
export function withScriptsAfterFirstPaint(html: string): string {
  const tags = html.match(APP_SCRIPT_TAGS) ?? [];
  if (!tags.some((tag) => tag.startsWith('<script'))) throw new Error('the app shell has no module script');
  const withoutTags = html.replace(APP_SCRIPT_TAGS, '');
  const withLoader = replaceOnce(
    withoutTags,
    THEME_SCRIPT,
    `${THEME_SCRIPT}\n    <script src="/app-loader.js" defer></script>`,
    THEME_SCRIPT,
  );
  return replaceOnce(
    withLoader,
    '</body>',
    `<template id="app-scripts">${tags.join('')}</template></body>`,
    '</body>',
  );
}

export interface PrerenderedPageParts {
  language: Language;
  description: string;
  /** What React rendered for the page: hoisted head elements first, then the app's markup. */
  markup: string;
}

/**
 * A prerendered page: the built app shell (index.html, with its script and stylesheet links) in the
 * page's language, with the page's title and description, and the page's markup inside #root,
 * where the browser hydrates it.
 */
export function prerenderedDocument(
  shell: string,
  { language, description, markup }: PrerenderedPageParts,
): string {
  const hoisted = LEADING_HOISTED_ELEMENTS.exec(markup)?.[0] ?? '';
  const appMarkup = markup.slice(hoisted.length);
  const title = TITLE.exec(hoisted)?.[0];
  const otherHoisted = hoisted.replace(TITLE, '');
  let html = replaceOnce(shell, /<html lang="[^"]*">/, `<html lang="${language}">`, '<html lang>');
  if (title) html = replaceOnce(html, TITLE, title, '<title>');
  html = withDescription(html, description);
  if (otherHoisted) html = replaceOnce(html, '</head>', `${otherHoisted}</head>`, '</head>');
  return replaceOnce(html, ROOT_ELEMENT, `<div id="root">${appMarkup}</div>`, ROOT_ELEMENT);
}
