import { BookingFlow } from '#web/features/booking/components/booking-flow.tsx';
import { hydrateIsland } from './island';

/** The booking form on /book, as the server renders it inside <Island name="booking">. */
export function BookingIsland() {
  return <BookingFlow />;
}

export const hydrate = (element: HTMLElement) => hydrateIsland(element, <BookingIsland />);
