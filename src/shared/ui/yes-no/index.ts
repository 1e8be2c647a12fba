export { YesNo, type YesNoProps } from './yes-no';
