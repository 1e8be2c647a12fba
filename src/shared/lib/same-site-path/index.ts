export { sameSitePath } from './same-site-path';
