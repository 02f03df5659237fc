/** Where the visit is: what the booking's first step asks besides the service. */
export interface BookingPlace {
  street: string;
  suburb: string;
  postcode: string;
}
