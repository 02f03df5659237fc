import { paths } from '#web/config/paths.ts';

/**
 * The dialogs a page's address can ask for (`?start=project`, `?start=quote`): the buttons
 * that open them are links to these, so a tap that comes before any script still gets its
 * dialog, on the page the link loads (openers.ts opens it and takes `start` out of the address).
 */
export const startDialogs = { project: 'inquiry', quote: 'quote' } as const;

export type StartName = keyof typeof startDialogs;

/** The address of `page` that opens a dialog: `/?start=project`. */
export const startLink = (name: StartName, page: string = paths.home) => `${page}?start=${name}`;
