import { isLanguage, localized } from '@mirage/domain';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameEventView } from './api.ts';

/** An event's operator-written texts in the interface's language (else English), and its dates. */
export function useEventTexts() {
  const { t, i18n } = useTranslation('event');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );
  const text = useCallback(
    (value: GameEventView['title']) => localized({ ...value, en: value.en ?? '' }, language),
    [language],
  );
  const when = useCallback(
    (event: GameEventView) =>
      event.state === 'running'
        ? t('until', { date: dateFormat.format(new Date(event.ends_at)) })
        : t('startsOn', { date: dateFormat.format(new Date(event.starts_at)) }),
    [dateFormat, t],
  );
  return { t, text, when };
}
