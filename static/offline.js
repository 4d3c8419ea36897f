// Offline use (static/sw.js): register the service worker, relative to the page (any sub-path),
// and offer a new deployment without forcing it. When a new worker is installed and waiting,
// window.hetcastUpdate holds it and the event 'hetcast-update' tells the app (src/offline.rs),
// which shows "A new version is ready" with a Reload button; the button's event
// 'hetcast-reload' lets the new worker take over, then reloads the page.
if ('serviceWorker' in navigator && window.isSecureContext) {
  const offer = (worker) => {
    window.hetcastUpdate = worker;
    window.dispatchEvent(new Event('hetcast-update'));
  };
  navigator.serviceWorker.register('./sw.js').then((reg) => {
    if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
    reg.addEventListener('updatefound', () => {
      const worker = reg.installing;
      if (!worker) return;
      worker.addEventListener('statechange', () => {
        if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
      });
    });
    // A page left open (a lecture) looks for a new deployment every 30 minutes.
    setInterval(() => reg.update().catch(() => {}), 30 * 60 * 1000);
  }).catch((e) => console.warn(`hetcast: no offline copy (${e})`));
  window.addEventListener('hetcast-reload', () => {
    const worker = window.hetcastUpdate;
    if (!worker) {
      window.location.reload();
      return;
    }
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload());
    worker.postMessage('skip-waiting');
  });
}
