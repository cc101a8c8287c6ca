import { Box, Button, Group, Menu, SimpleGrid } from '@mantine/core';
import type { StaffMenuEntry } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronDownIcon } from '../../components/icons';
import { useLocalePath } from '../../lib/locale';
import { useCurrentStaff, useSiteInfo } from '../../lib/session';
import { backOfficeLink } from '../../lib/site';
import { buildMainMenu, hasChildren, type MainMenuItem } from './internal-menu';

/** SPA paths (/internal/…) stay in the app; everything else is a page of the back-office site. */
function useMenuTarget() {
  const site = useSiteInfo();
  const localePath = useLocalePath();
  return (path: string) =>
    path.startsWith('/internal')
      ? ({ component: Link, to: localePath(path) } as const)
      : ({ component: 'a', href: backOfficeLink(site, path) } as const);
}

function MenuEntryItem({ entry }: { entry: StaffMenuEntry }) {
  const target = useMenuTarget()(entry.path);
  return target.component === 'a' ? (
    <Menu.Item component="a" href={target.href}>
      {entry.name}
    </Menu.Item>
  ) : (
    <Menu.Item component={Link} to={target.to}>
      {entry.name}
    </Menu.Item>
  );
}

function DropdownMenu({ item }: { item: MainMenuItem }) {
  const columns = item.columns;
  return (
    <Menu trigger="click-hover" openDelay={80} closeDelay={150} position="bottom-start" loop withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="dark" size="compact-md" rightSection={<ChevronDownIcon size={14} />}>
          {item.name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {item.mega ? (
          <SimpleGrid cols={Math.min(Math.max(columns.length, 1), 4)} spacing="md" p={4} data-mega-menu>
            {columns.map((column) => (
              <Box key={column.id} miw={180}>
                {column.label && <Menu.Label>{column.label}</Menu.Label>}
                {column.items.map((entry) => (
                  <MenuEntryItem key={`${entry.name}-${entry.path}`} entry={entry} />
                ))}
              </Box>
            ))}
          </SimpleGrid>
        ) : (
          columns.map((column) => (
            <Box key={column.id}>
              {column.label && <Menu.Label>{column.label}</Menu.Label>}
              {column.items.map((entry) => (
                <MenuEntryItem key={`${entry.name}-${entry.path}`} entry={entry} />
              ))}
            </Box>
          ))
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function TopLevelLink({ item }: { item: MainMenuItem }) {
  const target = useMenuTarget()(item.path);
  return target.component === 'a' ? (
    <Button component="a" href={target.href} variant="subtle" color="dark" size="compact-md">
      {item.name}
    </Button>
  ) : (
    <Button component={Link} to={target.to} variant="subtle" color="dark" size="compact-md">
      {item.name}
    </Button>
  );
}

/** The staff member's main menu, from their menu permissions only (spec 2 §2, §6). */
export function InternalMainMenu() {
  const { t } = useTranslation();
  const staff = useCurrentStaff();
  const menu = buildMainMenu(staff?.menus ?? []);
  if (menu.length === 0) return null;
  return (
    <Group
      component="nav"
      aria-label={t('internal.mainMenu')}
      gap={2}
      wrap="nowrap"
      h={48}
      style={{ overflowX: 'auto' }}
    >
      {menu.map((item) =>
        hasChildren(item) ? (
          <DropdownMenu key={`${item.name}-${item.path}`} item={item} />
        ) : (
          <TopLevelLink key={`${item.name}-${item.path}`} item={item} />
        ),
      )}
    </Group>
  );
}
