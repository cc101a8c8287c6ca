import { Table } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHorizontalOverflow } from './useHorizontalOverflow';

type ScrollContainerProps = ComponentPropsWithoutRef<typeof Table.ScrollContainer>;

/**
 * A table box that scrolls sideways on narrow screens. Only while the table is wider than its box is it a named
 * region in the tab order, so a keyboard can scroll it (WCAG 2.1.1; axe scrollable-region-focusable).
 */
export function ScrollableTable({
  caption,
  minWidth,
  children,
  ...rest
}: { caption: string; minWidth: number; children: ReactNode } & Omit<
  ScrollContainerProps,
  'minWidth' | 'type'
>) {
  const { t } = useTranslation();
  const { ref, overflowing } = useHorizontalOverflow<HTMLDivElement>();
  return (
    <Table.ScrollContainer
      ref={ref}
      type="native"
      minWidth={minWidth}
      {...rest}
      data-overflowing={overflowing || undefined}
      {...(overflowing
        ? { tabIndex: 0, role: 'region', 'aria-label': t('app.scrollTable', { caption }) }
        : {})}
    >
      {children}
    </Table.ScrollContainer>
  );
}
