import { Icon, type IconProps } from './Icon.tsx';

export const BookIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 5.5C4 4.7 4.7 4 5.5 4H11v16H5.5c-.8 0-1.5-.7-1.5-1.5v-13ZM20 5.5c0-.8-.7-1.5-1.5-1.5H13v16h5.5c.8 0 1.5-.7 1.5-1.5v-13Z" />
  </Icon>
);
