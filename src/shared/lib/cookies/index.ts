export {
  getCookie,
  setCookie,
  deleteCookie,
  serializeCookie,
  requestCookies,
  type CookieOptions,
  type CookieDocument,
} from './cookies';
