import { Group, Text } from '@mantine/core';
import { ChevronDownIcon, UserIcon } from '../../components/icons';
import { useCurrentProducer } from '../../lib/session';

/** What the user menu's button shows: the producer's name between a person and a chevron. */
export function UserMenuButtonContent() {
  const producer = useCurrentProducer();
  return (
    <Group gap={6} wrap="nowrap">
      <UserIcon size={18} />
      <Text size="sm" fw={500} visibleFrom="xs">
        {producer?.fullName || producer?.name}
      </Text>
      <ChevronDownIcon size={16} />
    </Group>
  );
}
