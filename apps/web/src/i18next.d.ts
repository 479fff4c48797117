import 'i18next';
import type { LocaleResources } from '@mirage/i18n';

/** Typed translation keys: a missing English key is a compile error. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: LocaleResources;
  }
}
