export { loadValueLadderStep } from './ui/load-value-ladder-step';
export type { ValueLadderStepProps, LadderOrder } from './ui/value-ladder-step';
export { BuyServiceForm, type BuyServiceFormProps } from './ui/buy-service-form';
export { OrderOutcome, type OrderOutcomeProps } from './ui/order-outcome';
export { ServiceState } from './ui/service-state';
export {
  catalogueQueryOptions,
  listingOrdersQueryOptions,
  orderQueryOptions,
  ORDERS_KEY,
  type Catalogue,
  type CatalogueProduct,
  type CataloguePlan,
  type Order,
} from './api/orders-api';
export {
  servicesFor,
  pendingOrderOf,
  canBuyServices,
  SERVICE,
  type ServiceOffer,
  type ServiceListing,
} from './model/services';
export type { OpenPaymentPage } from './model/use-buy-service';
export { formatEuroCents } from './lib/money';
export { formatDate } from './lib/dates';
export { TEST_CATALOGUE } from './model/test-catalogue';
