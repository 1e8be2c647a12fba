export { ListingServicesPage, type ListingServicesPageProps } from './ui/listing-services-page';
export { ListingServicePage, type ListingServicePageProps } from './ui/listing-service-page';
export { SERVICES_SLUG, isServicesSlug, parseServicesSearch, type ServicesSearch } from './model/route';
