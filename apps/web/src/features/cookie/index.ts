/** Cookies the client reads and writes (consent, language, the auth flag). */
export { deleteCookie, getCookie, setCookie } from './cookie.ts';
export { getConsent, setConsent, subscribeConsent, type Consent } from './consent.ts';
