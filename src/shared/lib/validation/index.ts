export { isEmail, isPhone, isOneLineText, isPersonName, isPlainName } from './validation';
