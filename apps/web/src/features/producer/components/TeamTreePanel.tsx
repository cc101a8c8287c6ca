import { Button, Drawer, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The team tree of sub-partners, opened from the sitemap button of the producer layout. Placeholder: the
 * producer issue loads the nodes (GET /b2b/get_tree_node) and lets the producer pick a sub-partner.
 */
export function TeamTreePanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['common', 'producer']);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('common:producer.teamTree')}
      closeButtonProps={{ 'aria-label': t('common:app.close') }}
    >
      <Group gap="xs" mb="md">
        <Button size="xs" variant="light" disabled>
          {t('common:producer.expandAll')}
        </Button>
        <Button size="xs" variant="light" disabled>
          {t('common:producer.collapseAll')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        {t('producer:placeholder')}
      </Text>
    </Drawer>
  );
}
