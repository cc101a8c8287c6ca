import { Button, NavLink } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useMatch, useResolvedPath } from 'react-router';

function useIsActive(to: string, end: boolean): boolean {
  const resolved = useResolvedPath(to);
  return !!useMatch({ path: resolved.pathname, end });
}

interface NavItemProps {
  to: string;
  label: ReactNode;
  /** Only the exact path counts as active (area roots such as /b2b). */
  end?: boolean;
  rightSection?: ReactNode;
  onNavigate?: () => void;
}

/** Vertical menu entry (side menus): a real link, marked aria-current="page" when it is the current screen. */
export function SideNavItem({ to, label, end = false, rightSection, onNavigate }: NavItemProps) {
  const active = useIsActive(to, end);
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      active={active}
      aria-current={active ? 'page' : undefined}
      rightSection={rightSection}
      onClick={onNavigate}
      variant="light"
    />
  );
}

/** Horizontal menu entry (header menus). */
export function TopNavItem({ to, label, end = false, rightSection, onNavigate }: NavItemProps) {
  const active = useIsActive(to, end);
  return (
    <Button
      component={Link}
      to={to}
      size="compact-md"
      variant={active ? 'light' : 'subtle'}
      color={active ? undefined : 'dark'}
      fw={active ? 600 : 500}
      aria-current={active ? 'page' : undefined}
      rightSection={rightSection}
      onClick={onNavigate}
    >
      {label}
    </Button>
  );
}
