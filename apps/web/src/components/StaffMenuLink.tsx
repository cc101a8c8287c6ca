import { VisuallyHidden } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocalePath } from '../lib/locale';
import { useSiteInfo } from '../lib/session';
import { backOfficeLink, backOfficeUrl, isPortalPath } from '../lib/site';
import { ExternalLinkIcon } from './icons';

/**
 * A staff menu row's name in the reader's language. The rows are the back office's data, named in English; the
 * names the staff header lists (docs/product.md) and the demo uses have words in the common catalog, and a name it does
 * not know is shown as stored (the same rule as the plan data's codes, decision 012).
 */
export function useMenuName(): (name: string) => string {
  const { t } = useTranslation();
  const words = t('internal.menuNames', { returnObjects: true }) as Record<string, string> | string;
  return (name) => (typeof words === 'object' && Object.hasOwn(words, name) ? (words[name] ?? name) : name);
}

/**
 * One entry of a staff member's menu (decision 035):
 * - a path the portal builds (/internal/…) is a link inside the app;
 * - any other path is a page of the back-office site: marked so (an outward arrow; for screen readers the
 *   description `noteId` names, a BackOfficeNote), and when no back office is configured it stays in the menu but
 *   disabled (`aria-disabled`, still focusable so that its reason, the note, can be read; the title shows it on
 *   hover). The accessible name stays the entry's visible name.
 */
export function StaffMenuLink({
  path,
  children,
  className,
  noteId,
  onNavigate,
  barControl,
  onKeyDown,
}: {
  path: string;
  children: string;
  className: string;
  /** Id of the BackOfficeNote that describes back-office entries. */
  noteId?: string;
  onNavigate?: () => void;
  /** A top-level link of the menu bar: the bar's arrow keys reach it. */
  barControl?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLAnchorElement>) => void;
}) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const localePath = useLocalePath();
  const { pathname } = useLocation();
  const common = { className, onKeyDown, 'data-menu-bar-control': barControl || undefined };

  if (isPortalPath(path)) {
    const to = localePath(path);
    const current = pathname === to || pathname.startsWith(`${to}/`);
    return (
      <Link to={to} aria-current={current ? 'page' : undefined} onClick={onNavigate} {...common}>
        {children}
      </Link>
    );
  }

  const href = backOfficeLink(site, path);
  const marker = <ExternalLinkIcon size={12} />;
  if (!href) {
    return (
      <a
        role="link"
        tabIndex={0}
        aria-disabled="true"
        aria-describedby={noteId}
        title={t('internal.backOffice.notConfigured')}
        data-back-office="disabled"
        {...common}
      >
        {children}
        {marker}
      </a>
    );
  }
  return (
    <a href={href} onClick={onNavigate} aria-describedby={noteId} data-back-office="link" {...common}>
      {children}
      {marker}
    </a>
  );
}

/** The description of a menu's back-office entries: where they lead, or why they are disabled. */
export function BackOfficeNote({ id }: { id: string }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  return (
    <VisuallyHidden id={id}>
      {backOfficeUrl(site) ? t('internal.backOffice.marker') : t('internal.backOffice.notConfigured')}
    </VisuallyHidden>
  );
}
