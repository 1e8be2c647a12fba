export { formatThousands, stripNonDigits, parseThousands } from './number';
