/**
 * The portal's entry. The server has written a shell of the frame into the
 * page (server/http/page-shell.ts); the portal's code starts after the browser
 * has painted it, so the first paint never waits for script evaluation on a
 * slow phone (issue 15 part 3). The code itself downloads at once: the
 * modulepreload links of portal.ts's chunks are in the page's head.
 */
requestAnimationFrame(() => setTimeout(() => void import('./portal'), 0));
