/**
 * A clinic as the answers show it (spec 3 "Clinic"): the one shape the
 * contact list, appointments, booking requests and the booking flow share.
 */
export interface Clinic {
  id: number;
  slug: string;
  name: string;
  address: string;
  suburb: string;
  state: string;
  postalCode: string;
  phone: string;
  email: string;
  /** IANA zone: every time of the clinic is shown on its clock. */
  timeZone: string;
  latitude: number;
  longitude: number;
}
