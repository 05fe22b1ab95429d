// Prerendered pages only: starts the app once the page is on screen. The build moved the app's
// script tags into <template id="app-scripts"> (scripts/prerender-document.ts), so nothing competes
// with the first paint; here they are inserted as they were.
(function () {
  var hasStarted = false;
  function startApp() {
    var template = document.getElementById('app-scripts');
    if (hasStarted || !template) return;
    hasStarted = true;
    Array.prototype.forEach.call(template.content.children, function (tag) {
      var copy = document.createElement(tag.localName);
      Array.prototype.forEach.call(tag.attributes, function (attribute) {
        copy.setAttribute(attribute.name, attribute.value);
      });
      document.head.appendChild(copy);
    });
    template.remove();
  }

  // A hidden tab paints nothing: start at once.
  if (document.visibilityState === 'hidden') return startApp();
  // The first contentful paint is reported once it is on screen (a frame's callbacks run before
  // the frame is shown, so they would start too early).
  var canObservePaint =
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') !== -1;
  if (canObservePaint) {
    new PerformanceObserver(function (entries, observer) {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      startApp();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      requestAnimationFrame(startApp);
    });
  }
  // Whatever happens to the paint, the page gets its app.
  setTimeout(startApp, 3000);
})();
