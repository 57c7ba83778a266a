/** Reloads the page: one place, so tests can watch it (jsdom cannot reload). */
export function reloadPage() {
  window.location.reload();
}
