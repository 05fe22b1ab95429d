import { describe, expect, it } from 'vitest';
import {
  prerenderedDocument,
  withDescription,
  withInlinedStylesheets,
  withScriptsAfterFirstPaint,
} from './prerender-document.ts';

// The shape of the built web/index.html (Vite adds the script, modulepreload and stylesheet tags).
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Decision Compass</title>
    <meta name="description" content="Generic" />
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-123.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('prerenderedDocument', () => {
  const page = prerenderedDocument(SHELL, {
    language: 'de',
    description: 'Fragen & Antworten zu "Decision Compass" <kurz>',
    markup:
      '<title>Häufige Fragen · Decision Compass</title><div class="frame"><h1>Häufige Fragen</h1></div>',
  });

  it('puts the page in the language, with the title React rendered and the escaped description', () => {
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('<title>Häufige Fragen · Decision Compass</title>');
    expect(page).not.toContain('<title>Decision Compass</title>');
    expect(page).toContain(
      '<meta name="description" content="Fragen &amp; Antworten zu &quot;Decision Compass&quot; &lt;kurz&gt;" />',
    );
  });

  it('puts the markup without its hoisted title into #root, where the browser hydrates it', () => {
    expect(page).toContain('<div id="root"><div class="frame"><h1>Häufige Fragen</h1></div></div>');
    expect(page.match(/<title>/g)).toHaveLength(1);
  });

  it('moves other hoisted head elements into <head>', () => {
    const withMeta = prerenderedDocument(SHELL, {
      language: 'en',
      description: 'x',
      markup: '<link rel="preload" href="/a.png" as="image"/><main>page</main>',
    });
    expect(withMeta).toContain('<link rel="preload" href="/a.png" as="image"/></head>');
    expect(withMeta).toContain('<title>Decision Compass</title>');
    expect(withMeta).toContain('<div id="root"><main>page</main></div>');
  });

  it('refuses a shell it cannot fill instead of writing a broken page', () => {
    const render = (shell: string) =>
      prerenderedDocument(shell, { language: 'en', description: 'x', markup: '' });
    expect(() => render(SHELL.replace('<div id="root"></div>', '<div id="app"></div>'))).toThrow(/root/);
    expect(() => render(SHELL.replace('<meta name="description" content="Generic" />', ''))).toThrow(
      /description/,
    );
  });
});

describe('withDescription', () => {
  it('replaces the one description of the shell', () => {
    expect(withDescription(SHELL, 'New')).toContain('<meta name="description" content="New" />');
    expect(withDescription(SHELL, 'New')).not.toContain('Generic');
  });
});

describe('withInlinedStylesheets', () => {
  it('replaces each stylesheet link with the stylesheet in a <style>', () => {
    const html = withInlinedStylesheets(SHELL, (href) => `/* ${href} */ body{color:red}`);
    expect(html).toContain('<style>/* /assets/index-123.css */ body{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
  });

  it('refuses a stylesheet that would close the <style> early', () => {
    expect(() => withInlinedStylesheets(SHELL, () => 'a::after{content:"</style>"}')).toThrow(/<\/style/);
  });
});

describe('withScriptsAfterFirstPaint', () => {
  const html = withScriptsAfterFirstPaint(SHELL);

  it('moves the module script and its modulepreloads into the inert #app-scripts template', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/type="module"|modulepreload/);
    expect(html).toContain(
      '<template id="app-scripts"><script type="module" crossorigin src="/assets/index-abc.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react-def.js"></template></body>',
    );
  });

  it('adds the deferred loader right after the theme script, which still runs before the first paint', () => {
    expect(html).toContain(
      '<script src="/theme-init.js"></script>\n    <script src="/app-loader.js" defer></script>',
    );
  });

  it('refuses a shell without the app script', () => {
    expect(() =>
      withScriptsAfterFirstPaint(SHELL.replace(/<script type="module"[^>]*><\/script>/, '')),
    ).toThrow(/module script/);
  });
});
