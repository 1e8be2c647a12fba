export { GuaranteedSalePage } from './ui/guaranteed-sale-page';
export { prefetchGuaranteedSale } from './api/prefetch-guaranteed-sale';
