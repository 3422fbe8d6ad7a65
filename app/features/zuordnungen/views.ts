/** The view types of the Zuordnung pieces. */

export interface Option {
  id: string;
  label: string;
}
