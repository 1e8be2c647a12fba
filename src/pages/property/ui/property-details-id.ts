/** The element of the property details' HTML the page watches to load their code (deferred-sections.tsx). */
export const PROPERTY_DETAILS_ID = 'property-details';
