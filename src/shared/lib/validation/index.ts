export { isEmail, isPhone } from './validation';
