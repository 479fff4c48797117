/** The user guide (/guide): its page body, routed by pages/GuidePage.tsx. */
export { GuideView } from './GuideView.tsx';
