import { Button, Group } from '@mantine/core';
import { Link, type To } from 'react-router';

export interface LinkTab {
  key: string;
  label: string;
  /** Relative to the current route: 'payin' for a sibling tab route, '?list=settled' for a list of this one. */
  to: To;
}

/**
 * Tabs that are links (the tab is in the URL: a route or a query parameter), so they can be opened in a new
 * window, bookmarked and followed with the keyboard like any link. The current one is marked aria-current="page"
 * and shown bold and underlined as well as coloured (state not by colour alone).
 */
export function LinkTabs({
  label,
  tabs,
  active,
}: {
  label: string;
  tabs: readonly LinkTab[];
  active: string;
}) {
  return (
    <Group
      component="nav"
      aria-label={label}
      gap={4}
      wrap="wrap"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      {tabs.map((tab) => {
        const current = tab.key === active;
        return (
          <Button
            key={tab.key}
            component={Link}
            to={tab.to}
            variant={current ? 'light' : 'subtle'}
            color={current ? undefined : 'dark'}
            fw={current ? 700 : 500}
            radius={0}
            aria-current={current ? 'page' : undefined}
            style={{
              borderBottom: `3px solid ${current ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
              textDecoration: 'none',
            }}
          >
            {tab.label}
          </Button>
        );
      })}
    </Group>
  );
}
