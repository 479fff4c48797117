import type { UserSettings } from '@mirage/contract';
import type { ReactNode } from 'react';
import {
  BookIcon,
  CalendarCheckIcon,
  CompassIcon,
  HeartIcon,
  ImageIcon,
  InfoIcon,
  SettingsIcon,
  ShopIcon,
  SparkleIcon,
  TrophyIcon,
} from '../../ui/icons.tsx';

export interface NavItem {
  to: string;
  /** Key in the common namespace, under "nav". */
  label:
    | 'explore'
    | 'create'
    | 'collection'
    | 'creations'
    | 'leaderboard'
    | 'guide'
    | 'shop'
    | 'about'
    | 'daily_tasks'
    | 'settings';
  icon: ReactNode;
  testId?: string;
}

/** Links in the top bar (wide screens). */
export const TOP_LINKS: NavItem[] = [
  { to: '/explore', label: 'explore', icon: <CompassIcon /> },
  { to: '/create', label: 'create', icon: <SparkleIcon /> },
  { to: '/leaderboard', label: 'leaderboard', icon: <TrophyIcon /> },
  { to: '/guide', label: 'guide', icon: <BookIcon /> },
];

export const SIGNED_IN_LINKS: NavItem[] = [
  { to: '/collection', label: 'collection', icon: <HeartIcon /> },
  { to: '/creations', label: 'creations', icon: <ImageIcon /> },
  { to: '/daily-tasks', label: 'daily_tasks', icon: <CalendarCheckIcon /> },
];

export const SECONDARY_LINKS: NavItem[] = [
  { to: '/tickets', label: 'shop', icon: <ShopIcon /> },
  { to: '/about', label: 'about', icon: <InfoIcon /> },
];

export const SETTINGS_LINK: NavItem = { to: '/settings', label: 'settings', icon: <SettingsIcon /> };

/** Canonical profile address (docs/product/decisions.md#accounts-and-routes): /profile/{username}-{id}. */
export function profilePath(user: Pick<UserSettings, 'username' | 'id'>): string {
  return `/profile/${encodeURIComponent(user.username)}-${user.id}`;
}
