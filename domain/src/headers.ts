/**
 * Request headers the browser and the server agree on. Apart from the account module, whose
 * zod schemas the public pages' API client must not load with it.
 */

/**
 * Sent (`1`) by the admin pages' requests that nobody asked for just then: the dashboard's
 * periodic figures and the refetches live changes cause. The server does not count them as
 * use, so an open tab left alone still reaches the idle timeout. `GET /api/events` never counts.
 */
export const backgroundRequestHeader = 'X-Background';
