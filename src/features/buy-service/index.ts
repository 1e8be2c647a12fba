export { loadValueLadderStep } from './ui/load-value-ladder-step';
export type { ValueLadderStepProps, LadderOrder } from './ui/value-ladder-step';
export { catalogueQueryOptions, type Catalogue, type CatalogueProduct, type CataloguePlan } from './api/orders-api';
export { formatEuroCents } from './lib/money';
export { TEST_CATALOGUE } from './model/test-catalogue';
