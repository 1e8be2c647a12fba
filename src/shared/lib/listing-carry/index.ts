export { leaveListingCarry, takeListingCarry, LISTING_CARRY_KEY, type ListingCarry } from './listing-carry';
