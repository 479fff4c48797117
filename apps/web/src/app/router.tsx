import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { FullPageLoader } from '../ui/Spinner.tsx';
import { guardLoader } from './guard.ts';
import { KEEP_ALIVE } from './keepAlive/keptRoutes.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';
import { Shell } from './shell/Shell.tsx';

/** Rendered only if a redirecting loader did not run (it always does); keeps the route renderable. */
const ToNotFound = () => <Navigate to="/404" replace />;

/** Pages load on demand, one chunk per route. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * Routes with `handle: KEEP_ALIVE` stay mounted (hidden) after the user leaves them, keeping their state,
 * scroll position and live subscriptions (docs/product/routes.md#kept-alive-pages: /create, /explore,
 * /collection, /creations, /tweak).
 * See keepAlive/keptRoutes.ts.
 */
const shellRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('../pages/LandingPage.tsx')) },
  { path: 'home', lazy: page(() => import('../pages/HomePage.tsx')) },
  { path: 'ai-hentai-generator', lazy: page(() => import('../pages/PromoPage.tsx')) },
  { path: 'ai-realistic-generator', lazy: page(() => import('../pages/PromoPage.tsx')) },
  { path: 'explore', handle: KEEP_ALIVE, lazy: page(() => import('../pages/ExplorePage.tsx')) },
  { path: 'collection', handle: KEEP_ALIVE, lazy: page(() => import('../pages/CollectionPage.tsx')) },
  { path: 'creations', handle: KEEP_ALIVE, lazy: page(() => import('../pages/CreationsPage.tsx')) },
  { path: 'account/signin', lazy: page(() => import('../pages/SignInPage.tsx')) },
  { path: 'account/signup', lazy: page(() => import('../pages/SignUpPage.tsx')) },
  { path: 'account/reset', lazy: page(() => import('../pages/ResetPasswordPage.tsx')) },
  { path: 'account/verify', lazy: page(() => import('../pages/VerifyEmailPage.tsx')) },
  { path: 'settings', lazy: page(() => import('../pages/SettingsPage.tsx')) },
  { path: '404', lazy: page(() => import('../pages/NotFoundPage.tsx')) },
  { path: 'create', handle: KEEP_ALIVE, lazy: page(() => import('../pages/CreatePage.tsx')) },
  { path: 'tickets', lazy: page(() => import('../pages/TicketsPage.tsx')) },
  // The sandbox provider's test checkout (docs/product/commerce.md#providers); signed in only (the page says).
  { path: 'payment/sandbox/:orderId', lazy: page(() => import('../pages/SandboxPaymentPage.tsx')) },
  { path: 'tweak', handle: KEEP_ALIVE, lazy: page(() => import('../pages/TweakPage.tsx')) },
  // Screens of later releases: honest "coming soon" pages inside the shell.
  { path: 'leaderboard', lazy: page(() => import('../pages/LeaderboardPage.tsx')) },
  { path: 'guide', lazy: page(() => import('../pages/GuidePage.tsx')) },
  { path: 'about', lazy: page(() => import('../pages/AboutPage.tsx')) },
  // Privacy policy, terms, notice and takedown, the 18+ statement (docs/product/legal.md).
  { path: 'legal/:doc', lazy: page(() => import('../pages/LegalPage.tsx')) },
  // Whether an image was made here (issue 18 §2), for anybody: victims of misuse, takedown senders, staff.
  { path: 'provenance', lazy: page(() => import('../pages/ProvenancePage.tsx')) },
  { path: 'daily-tasks', lazy: page(() => import('../pages/DailyTasksPage.tsx')) },
  { path: 'gallery/:slug', lazy: page(() => import('../pages/UserGalleryPage.tsx')) },
  { path: 'image/:uuid', lazy: page(() => import('../pages/ImagePage.tsx')) },
  { path: 'profile/:slug', lazy: page(() => import('../pages/ProfilePage.tsx')) },
  {
    // docs/product/decisions.md#accounts-and-routes: /profile/{username}-{id} is canonical;
    // /profile/{id}/{username} redirects to it.
    path: 'profile/:id/:username',
    loader: ({ params }) => redirect(`/profile/${params.username ?? ''}-${params.id ?? ''}`),
    Component: ToNotFound,
  },
  { path: 'crypto-payment/:status', lazy: page(() => import('../pages/CryptoPaymentPage.tsx')) },
  // The moderation console (docs/product/moderation-console.md): staff only, its own chunk.
  { path: 'mod', lazy: page(() => import('../pages/ModPage.tsx')) },
  { path: '*', loader: () => redirect('/404'), Component: ToNotFound },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    loader: guardLoader,
    // Guards apply on every navigation, not only when the root's params change.
    shouldRevalidate: () => true,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
    children: [
      { path: 'oauth', lazy: page(() => import('../pages/OAuthPage.tsx')) },
      { Component: Shell, children: shellRoutes },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
