/** Contact details shown on the contact and unavailable pages and in the footer. */
export const CONTACT_PHONE = '+39 02 8088 1500';
export const CONTACT_EMAIL = 'info@rexer.it';
export const BLOG_URL = 'https://blog.rexer.it';

/** docs/spec.md §9: the default search centre, near the middle of Italy. */
export const SEARCH_CENTER = { Latitude: 42.559, Longitude: 12.223 } as const;

/** docs/spec.md §9: telemetry sampling default. */
export const TELEMETRY_SAMPLING_PERCENTAGE = 100;
