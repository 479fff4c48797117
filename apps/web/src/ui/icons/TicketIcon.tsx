import { Icon, type IconProps } from './Icon.tsx';

export const TicketIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 8.5V6.8C3 6.4 3.4 6 3.8 6h16.4c.4 0 .8.4.8.8v1.7a2.5 2.5 0 0 0 0 5v1.7c0 .4-.4.8-.8.8H3.8c-.4 0-.8-.4-.8-.8v-1.7a2.5 2.5 0 0 0 0-5Z" />
    <path d="M14.5 6.5v2M14.5 11v2M14.5 15.5v2" />
  </Icon>
);
