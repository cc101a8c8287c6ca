import './internal-menu.css';
import type { StaffMenuEntry } from '@portal/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../components/icons';
import { BackOfficeNote, StaffMenuLink, useMenuName } from '../../components/StaffMenuLink';
import { useCurrentStaff } from '../../lib/session';
import { buildMainMenu, hasChildren, type MainMenuItem } from '../../lib/staff-menu';

/*
 * The staff main menu as a disclosure navigation (WAI-ARIA APG "disclosure navigation menu"): a `nav` of real links
 * and buttons with aria-expanded that show a panel of links. Not role="menu": these are links to pages, and the
 * menu roles would hide that from screen readers. The APG's optional keys are added:
 * - on a top-level button: Enter / Space toggle, ArrowDown opens and moves to the first link (ArrowUp: the last),
 *   Escape closes; ArrowLeft / ArrowRight / Home / End move along the bar (horizontal bar only);
 * - inside a panel: ArrowDown / ArrowUp move through its links (wrapping), Home / End, ArrowLeft / ArrowRight jump
 *   between mega-menu columns, Escape closes and returns focus to the button;
 * - Tab is never held: it moves on in page order, and a panel closes once focus has left its item.
 */

type Orientation = 'horizontal' | 'vertical';

const entryKey = (entry: StaffMenuEntry) => `${entry.name}-${entry.path}`;

/** The focusable controls of the bar (buttons and top-level links), in order. */
function barControls(nav: HTMLElement | null): HTMLElement[] {
  return nav ? [...nav.querySelectorAll<HTMLElement>('[data-menu-bar-control]')] : [];
}

function panelLinks(panel: HTMLElement | null): HTMLElement[] {
  return panel ? [...panel.querySelectorAll<HTMLElement>('a')] : [];
}

function moveAlongBar(event: KeyboardEvent<HTMLElement>, orientation: Orientation): boolean {
  if (orientation !== 'horizontal') return false;
  const controls = barControls(event.currentTarget.closest('nav'));
  const index = controls.indexOf(event.currentTarget);
  const last = controls.length - 1;
  const target = {
    ArrowRight: index === last ? 0 : index + 1,
    ArrowLeft: index === 0 ? last : index - 1,
    Home: 0,
    End: last,
  }[event.key];
  if (target === undefined) return false;
  event.preventDefault();
  controls[target]?.focus();
  return true;
}

function DisclosureItem({
  item,
  open,
  orientation,
  alignEnd,
  onOpenChange,
  onNavigate,
  noteId,
}: {
  noteId: string;
  item: MainMenuItem;
  open: boolean;
  orientation: Orientation;
  /** Panels of items on the right half of the bar open leftwards, so they stay on screen. */
  alignEnd: boolean;
  onOpenChange: (open: boolean) => void;
  onNavigate: () => void;
}) {
  const menuName = useMenuName();
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // Where focus goes once the panel is on screen (it is `hidden` until the state change renders).
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last' | null>(null);

  useEffect(() => {
    if (!open || !focusOnOpen) return;
    const links = panelLinks(panelRef.current);
    (focusOnOpen === 'first' ? links[0] : links[links.length - 1])?.focus();
    setFocusOnOpen(null);
  }, [open, focusOnOpen]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      // Handled here, not by the click the browser would synthesise, so that the key works the same everywhere.
      event.preventDefault();
      onOpenChange(!open);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      onOpenChange(true);
      setFocusOnOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      onOpenChange(false);
    } else {
      moveAlongBar(event, orientation);
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const links = panelLinks(panelRef.current);
    const index = links.indexOf(document.activeElement as HTMLElement);
    const focusLink = (target: number) => {
      event.preventDefault();
      links[(target + links.length) % links.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onOpenChange(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown') focusLink(index + 1);
    else if (event.key === 'ArrowUp') focusLink(index < 0 ? -1 : index - 1);
    else if (event.key === 'Home') focusLink(0);
    else if (event.key === 'End') focusLink(-1);
    else if (
      (event.key === 'ArrowRight' || event.key === 'ArrowLeft') &&
      item.mega &&
      orientation === 'horizontal'
    ) {
      // Next / previous column's first link.
      const columns = [...(panelRef.current?.querySelectorAll<HTMLElement>('[data-menu-column]') ?? [])];
      const column = columns.findIndex((element) => element.contains(document.activeElement));
      const step = event.key === 'ArrowRight' ? 1 : -1;
      const next = columns[(column + step + columns.length) % columns.length];
      const link = next ? panelLinks(next)[0] : undefined;
      if (link) {
        event.preventDefault();
        link.focus();
      }
    }
  };

  const columns = item.columns.filter((column) => column.items.length > 0 || column.label);
  return (
    <li
      className="internal-menu__item"
      onBlur={(event) => {
        // Focus moved outside this item (Tab past the last link, a click elsewhere): the panel closes.
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="internal-menu__control"
        aria-expanded={open}
        aria-controls={panelId}
        data-menu-bar-control
        onClick={() => onOpenChange(!open)}
        onKeyDown={onButtonKeyDown}
      >
        {menuName(item.name)}
        <ChevronDownIcon size={14} />
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys bubbling up from the links it holds */}
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="internal-menu__panel"
        data-mega={item.mega || undefined}
        data-align-end={alignEnd || undefined}
        onKeyDown={onPanelKeyDown}
      >
        {columns.map((column) => (
          <ColumnLinks
            key={column.id}
            label={column.label}
            entries={column.items}
            onNavigate={onNavigate}
            noteId={noteId}
          />
        ))}
      </div>
    </li>
  );
}

function ColumnLinks({
  label,
  entries,
  onNavigate,
  noteId,
}: {
  label: string | null;
  entries: StaffMenuEntry[];
  onNavigate: () => void;
  noteId: string;
}) {
  const menuName = useMenuName();
  const labelId = useId();
  return (
    <div className="internal-menu__column" data-menu-column>
      {label && (
        <span id={labelId} className="internal-menu__label">
          {menuName(label)}
        </span>
      )}
      <ul aria-labelledby={label ? labelId : undefined}>
        {entries.map((entry) => (
          <li key={entryKey(entry)}>
            <StaffMenuLink
              path={entry.path}
              className="internal-menu__link"
              onNavigate={onNavigate}
              noteId={noteId}
            >
              {menuName(entry.name)}
            </StaffMenuLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The staff member's main menu, from their menu permissions only (docs/internal/README.md, "Permission model"): a
 * horizontal bar in the header on wide screens, a vertical list (panels open in place) inside the burger's navbar on
 * narrow ones.
 */
export function InternalMainMenu({
  orientation = 'horizontal',
  onNavigate,
}: {
  orientation?: Orientation;
  /** After following a link (the phone navbar closes). */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const menuName = useMenuName();
  const staff = useCurrentStaff();
  const menu = buildMainMenu(staff?.menus ?? []);
  const noteId = useId();
  const [openName, setOpenName] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);

  // A pointer press outside the bar closes the open panel (focus may not move, e.g. on a page background).
  useEffect(() => {
    if (!openName) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenName(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openName]);

  if (menu.length === 0) return null;
  const navigated = () => {
    setOpenName(null);
    onNavigate?.();
  };
  return (
    <nav
      ref={navRef}
      aria-label={t('internal.mainMenu')}
      className="internal-menu"
      data-orientation={orientation}
    >
      <ul className="internal-menu__bar">
        {menu.map((item, index) =>
          hasChildren(item) ? (
            <DisclosureItem
              key={`${item.name}-${item.path}`}
              item={item}
              open={openName === item.name}
              orientation={orientation}
              alignEnd={index >= menu.length / 2}
              onOpenChange={(open) => setOpenName(open ? item.name : null)}
              onNavigate={navigated}
              noteId={noteId}
            />
          ) : (
            <li key={`${item.name}-${item.path}`} className="internal-menu__item">
              <StaffMenuLink
                path={item.path}
                className="internal-menu__control"
                onNavigate={navigated}
                noteId={noteId}
                barControl
                onKeyDown={(event) => moveAlongBar(event, orientation)}
              >
                {menuName(item.name)}
              </StaffMenuLink>
            </li>
          ),
        )}
      </ul>
      <BackOfficeNote id={noteId} />
    </nav>
  );
}
