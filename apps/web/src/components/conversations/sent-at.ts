import { formatDate } from '../../lib/format';

/** When a message was sent, in the browser's time zone: YYYY/MM/DD HH:mm. */
export function formatSentAt(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '-';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(at)} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
