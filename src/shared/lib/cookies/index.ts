export { getCookie, setCookie, deleteCookie, serializeCookie, type CookieOptions } from './cookies';
