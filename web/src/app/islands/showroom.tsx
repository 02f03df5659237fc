import ShowroomWithInquiry from '../pages/showroom-page';
import { hydrateIsland } from './island';

/** The virtual showroom, as the server renders it inside <Island name="showroom">. */
export function ShowroomIsland() {
  return <ShowroomWithInquiry />;
}

export const hydrate = (element: HTMLElement) => hydrateIsland(element, <ShowroomIsland />);
