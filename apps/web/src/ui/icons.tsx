/*
 * Hand-drawn 24×24 stroke icons, one module each under ./icons/ (issue 20: a chunk ships only the icons its
 * code uses; nothing unused ships). This barrel only re-exports, so importing from it stays free of side
 * effects and tree-shakes to the icons actually used.
 */
export { Icon, type IconProps } from './icons/Icon.tsx';
export { EyeIcon } from './icons/EyeIcon.tsx';
export { EyeOffIcon } from './icons/EyeOffIcon.tsx';
export { AlertIcon } from './icons/AlertIcon.tsx';
export { CheckIcon } from './icons/CheckIcon.tsx';
export { CloseIcon } from './icons/CloseIcon.tsx';
export { MenuIcon } from './icons/MenuIcon.tsx';
export { CompassIcon } from './icons/CompassIcon.tsx';
export { SparkleIcon } from './icons/SparkleIcon.tsx';
export { HeartIcon } from './icons/HeartIcon.tsx';
export { UserIcon } from './icons/UserIcon.tsx';
export { TicketIcon } from './icons/TicketIcon.tsx';
export { GlobeIcon } from './icons/GlobeIcon.tsx';
export { SettingsIcon } from './icons/SettingsIcon.tsx';
export { LogoutIcon } from './icons/LogoutIcon.tsx';
export { CalendarCheckIcon } from './icons/CalendarCheckIcon.tsx';
export { BookIcon } from './icons/BookIcon.tsx';
export { TrophyIcon } from './icons/TrophyIcon.tsx';
export { InfoIcon } from './icons/InfoIcon.tsx';
export { ShopIcon } from './icons/ShopIcon.tsx';
export { ImageIcon } from './icons/ImageIcon.tsx';
export { ArrowRightIcon } from './icons/ArrowRightIcon.tsx';
export { VolumeIcon } from './icons/VolumeIcon.tsx';
export { ShieldIcon } from './icons/ShieldIcon.tsx';
export { SlidersIcon } from './icons/SlidersIcon.tsx';
export { PaletteIcon } from './icons/PaletteIcon.tsx';
export { MailIcon } from './icons/MailIcon.tsx';
export { ChevronUpIcon } from './icons/ChevronUpIcon.tsx';
export { ChevronDownIcon } from './icons/ChevronDownIcon.tsx';
export { LockIcon } from './icons/LockIcon.tsx';
export { UnlockIcon } from './icons/UnlockIcon.tsx';
export { StarIcon } from './icons/StarIcon.tsx';
export { DiceIcon } from './icons/DiceIcon.tsx';
export { PlusIcon } from './icons/PlusIcon.tsx';
export { TrashIcon } from './icons/TrashIcon.tsx';
export { BoltIcon } from './icons/BoltIcon.tsx';
export { SearchIcon } from './icons/SearchIcon.tsx';
export { ClockIcon } from './icons/ClockIcon.tsx';
export { ShuffleIcon } from './icons/ShuffleIcon.tsx';
export { DownloadIcon } from './icons/DownloadIcon.tsx';
export { ExternalIcon } from './icons/ExternalIcon.tsx';
export { RefreshIcon } from './icons/RefreshIcon.tsx';
export { AutoscrollIcon } from './icons/AutoscrollIcon.tsx';
export { BookmarkPlusIcon } from './icons/BookmarkPlusIcon.tsx';
