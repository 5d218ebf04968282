/**
 * The page's only script at load (docs/decisions/0117-server-rendered-first-view.md, "Nothing
 * before the first paint"): the server's markup and its stylesheets paint on their own, so the app
 * (React and the screens) is fetched once the browser has painted that markup, and the first paint
 * never shares the network or the main thread with it. What a person types meanwhile is kept: the
 * app hydrates the same fields.
 */
let started = false;
function startApp(): void {
  if (started) return;
  started = true;
  void import('./main');
}

if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  // A hidden tab paints nothing, and a browser that cannot tell its paints would wait for nothing.
  startApp();
} else {
  // The task after the first contentful paint is reported.
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(startApp, 0);
  }).observe({ type: 'paint', buffered: true });
  // Should no paint be reported (the tab hidden before it), the page's load is the latest start.
  addEventListener('load', startApp, { once: true });
  document.addEventListener('visibilitychange', startApp, { once: true });
}
