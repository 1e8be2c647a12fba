/** The outermost elements of the property page's deferred parts, which the page watches to load their code (deferred-sections.tsx). */
export const PROPERTY_DETAILS_ID = 'property-details';
export const SIMILAR_LISTINGS_ID = 'similar-listings';
