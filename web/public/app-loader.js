// Prerendered pages only: starts the app once the page is on screen. The build moved the app's
// script tags into <template id="app-scripts"> (scripts/prerender-document.ts), so nothing competes
// with the first paint; here they are inserted as they were.
(function () {
  function startApp() {
    var template = document.getElementById('app-scripts');
    if (!template) return;
    Array.prototype.forEach.call(template.content.children, function (tag) {
      var copy = document.createElement(tag.localName);
      Array.prototype.forEach.call(tag.attributes, function (attribute) {
        copy.setAttribute(attribute.name, attribute.value);
      });
      document.head.appendChild(copy);
    });
    template.remove();
  }
  // The callback of the next frame runs before its paint; the timeout after it. A hidden tab paints
  // nothing (and runs no frames), so it starts at once.
  if (document.visibilityState === 'hidden') startApp();
  else
    requestAnimationFrame(function () {
      setTimeout(startApp, 0);
    });
})();
