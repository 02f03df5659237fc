/**
 * The dashboard's first screen as the server rendered it (admin-server.tsx): the query cache it
 * was drawn from travels in the page as JSON, which the app takes over from (admin-main.tsx).
 */
export const firstScreenStateId = 'admin-first-screen';

/** The cache as an inert `<script type="application/json">` (the CSP runs no inline script; `<` is escaped, so no text ends it early). */
export const firstScreenStateScript = (state: unknown) =>
  `<script type="application/json" id="${firstScreenStateId}">${JSON.stringify(state).replaceAll('<', '\\u003c')}</script>`;
