/** Reloads the page; a module of its own so that tests can observe it. */
export function reloadPage(): void {
  window.location.reload();
}
