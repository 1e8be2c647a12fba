export { ValueLadderStep, type ValueLadderStepProps, type LadderOrder } from './ui/value-ladder-step';
export { catalogueQueryOptions, type Catalogue, type CatalogueProduct, type CataloguePlan } from './api/orders-api';
export { formatEuroCents } from './lib/money';
export type { Plan, PlanChoice } from './model/ladder';
export { TEST_CATALOGUE } from './model/test-catalogue';
