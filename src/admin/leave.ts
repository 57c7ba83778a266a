/** Leaves the back office for a page of the shop (sign-in): a full navigation, the shop is another page. */
export function leaveFor(path: string) {
  window.location.assign(path);
}
