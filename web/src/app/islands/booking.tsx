import { BookingFlow } from '../../features/booking/components/booking-flow';
import { hydrateIsland } from './island';

/** The booking form on /book, as the server renders it inside <Island name="booking">. */
export function BookingIsland() {
  return <BookingFlow />;
}

export const hydrate = (element: HTMLElement) => hydrateIsland(element, <BookingIsland />);
