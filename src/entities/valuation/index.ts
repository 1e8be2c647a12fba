export {
  fetchValuation,
  fetchMyValuations,
  isMissing,
  retryServerErrors,
  type Valuation,
  type ValuationComparable,
  type ValuationEstimate,
  type ValuationSummary,
  type ValuationList,
} from './api/valuation-api';
export {
  formatMoney,
  formatPerSqm,
  formatDistance,
  formatPercent,
  formatDate,
  percentOf,
  adjustmentReasons,
  type SellType,
  type AdjustmentReason,
  type AdjustmentCause,
} from './lib/valuation-text';
