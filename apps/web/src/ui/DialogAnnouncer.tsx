import { useNotices } from './notice.ts';

/**
 * Notices read out inside a modal: while one is open the shell's live region is hidden from screen
 * readers (the rest of the page is aria-hidden), so the dialog repeats them in its own.
 */
export function DialogAnnouncer() {
  const notices = useNotices();
  return (
    <div className="visually-hidden" role="status" aria-live="polite">
      {notices.map((notice) => (
        <p key={notice.id}>{notice.message}</p>
      ))}
    </div>
  );
}
