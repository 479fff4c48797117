import { Icon, type IconProps } from './Icon.tsx';

/** Save for later: a bookmark with a plus. */
export const BookmarkPlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6.5 4.5c0-.6.4-1 1-1h9c.6 0 1 .4 1 1v16l-5.5-4-5.5 4v-16Z" />
    <path d="M12 7.5v5M9.5 10h5" />
  </Icon>
);
