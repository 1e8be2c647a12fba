export { NumberField, type NumberFieldProps } from './number-field';
export { parseNumberText, formatNumberText, numberToText } from './number-text';
