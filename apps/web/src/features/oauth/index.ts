/** Sign-in with an OAuth provider: the buttons (the return page is routed by pages/). */
export { OAuthButtons } from './OAuthButtons.tsx';
