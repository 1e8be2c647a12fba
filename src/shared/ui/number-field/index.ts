export { NumberField, type NumberFieldProps } from './number-field';
export { parseNumberText, formatNumberText, numberToText, type NumberTextMode } from './number-text';
