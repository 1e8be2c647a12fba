export { ValuationResultPage } from './ui/valuation-result-page';
