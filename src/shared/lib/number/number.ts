// The rule is domain/listing/number-format.ts, shared with the server.
export { formatThousands, parseThousands, stripNonDigits } from '@domain/listing/number-format';
