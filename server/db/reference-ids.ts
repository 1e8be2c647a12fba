// Named ids of the reference lists, for code that must refer to one row (the seed, the
// API's rules). The rows themselves, with their Italian labels, are data: see
// seed/data/reference-lists.json; a test checks that these names and that file agree.

import { HOME_PROPERTY_TYPE_IDS } from '@domain/search';

export const USER_TYPE = { undefined: 0, seller: 1, buyer: 2, landlord: 3, renter: 4 } as const;

export const SELL_TYPE = { sale: 1, rent: 2 } as const;

export const PROPERTY_STATUS = { incomplete: 1, published: 2, suspended: 3, sold: 4, deleted: 5 } as const;

export const PROPERTY_TYPE = {
  apartment: 1,
  penthouse: 2,
  attic: 3,
  garage: 4,
  villa: 5,
  loft: 6,
  building: 7,
  farmhouse: 8,
  terraced_house: 9,
  commercial: 10,
  property: 11,
  rooms: 12,
  cellar: 13,
  land: 14,
  detached_house: 15,
  office: 16,
  warehouse: 17,
  semi_detached_house: 18,
} as const;

/** The property types that are homes: what «case» means on the landing pages and its results (one list, domain/search.ts). */
export const HOME_PROPERTY_TYPES: readonly number[] = HOME_PROPERTY_TYPE_IDS;

export const SEARCH_SLUG_TYPE = {
  appartamenti: 1,
  monolocali: 19,
  bilocali: 20,
  trilocali: 21,
  quadrilocali: 22,
  case: 23,
  'case-e-appartamenti': 24,
  'locali-commerciali': 25,
} as const;

export const AMENITY = {
  alarm: 1,
  air_conditioning: 2,
  fireplace: 3,
  pool: 4,
  cellar: 5,
  loft_storage: 6,
  parking_space: 7,
  security_door: 8,
  disabled_access: 9,
  fiber: 10,
  solar_panels: 11,
  video_intercom: 12,
  concierge: 13,
  hot_tub: 14,
  lift: 15,
  terrace: 16,
  balcony: 17,
  private_garden: 18,
  condominium_garden: 19,
  garden: 20,
  tavern: 21,
  double_glazing: 22,
  private_and_condominium_garden: 23,
  garage: 24,
} as const;

export const ROOM_TYPE = {
  kitchen: 1,
  bathroom: 2,
  living_room: 3,
  bedroom: 4,
  cellar: 5,
  garage: 6,
  eat_in_kitchen: 7,
  kitchenette: 8,
  guest_bathroom: 10,
  lounge: 11,
  dining_room: 12,
  double_bedroom: 13,
  single_bedroom: 14,
  kids_room: 15,
  study: 16,
  entrance: 17,
  storage_room: 19,
  box: 23,
  attic_room: 27,
  tavern: 28,
  terrace: 29,
  balcony: 30,
  garden: 33,
  open_space: 39,
  guest_room: 47,
  shop_room: 52,
  office_room: 53,
  meeting_room: 54,
  warehouse_room: 57,
} as const;

export const MEDIA_TYPE = {
  property_image: 1,
  profile_image: 2,
  room_image: 3,
  floor_plan: 4,
  energy_certificate: 5,
  other: 6,
  back_office_only: 7,
  floor_plan_image: 8,
} as const;

export const DOCUMENT_KIND = {
  terms: 1,
  privacy: 2,
  seller_guide: 3,
  buyer_guide: 4,
  landlord_guide: 5,
  renter_guide: 6,
  statute: 7,
  home_report: 8,
  cookie_policy: 9,
  service_conditions: 10,
  valuation_guide: 11,
  withdrawal_form: 12,
  code_of_ethics: 13,
  sale_documents_checklist: 14,
} as const;

export const SERVICE_PRODUCT = {
  first_row: 1,
  sold_guaranteed: 3,
  photography: 4,
  renovation: 5,
  paddle: 6,
  publish_listing: 7,
  upgrade: 8,
  flexible: 9,
} as const;

export const PLAN_TYPE = { basic: 1, flexible: 2, exclusive: 3, exclusive_partner: 4 } as const;

export const ENERGY_CLASS = {
  A4: 1,
  A3: 2,
  A2: 3,
  A1: 4,
  B: 5,
  C: 6,
  D: 7,
  E: 8,
  F: 9,
  G: 10,
  exempt: 11,
  pending: 12,
} as const;

export const HEATING_TYPE = {
  independent: 1,
  central: 2,
  central_with_meter: 3,
  heat_pump: 4,
  underfloor: 5,
  district: 6,
  stove: 7,
  none: 8,
} as const;

export const PROPERTY_CONDITION = { new: 1, excellent: 2, good: 3, to_renovate: 4 } as const;

export const OCCUPANCY = { free: 1, owner_occupied: 2, let: 3 } as const;

export const FURNISHING = { furnished: 1, partly_furnished: 2, unfurnished: 3, kitchen_only: 4 } as const;

// The appointments' numbers are the domain's (domain/appointment.ts), shared with the machine and the pages.
export { APPOINTMENT_REFUSAL_REASON, APPOINTMENT_STATUS } from '@domain/appointment';

export const SEARCH_TYPE = {
  circle: 1,
  draw: 2,
  place: 3,
  proximity: 4,
  province: 5,
  town: 6,
  region: 7,
  district: 8,
  agency: 9,
} as const;

export const UPLOAD_STATUS = {
  ok: 0,
  pending: 1,
  processing: 2,
  invalid_type: 3,
  too_large: 4,
  too_small: 5,
  corrupted: 6,
  duplicate: 7,
  limit_reached: 8,
  rejected: 9,
  storage_error: 10,
  unexpected_error: 100,
} as const;
