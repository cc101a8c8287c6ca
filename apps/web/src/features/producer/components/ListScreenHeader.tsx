import { Title } from '@mantine/core';
import { usePageTitle } from '../../../components/usePageTitle';

/** The heading of a producer list screen, also the browser tab's title. */
export function ListScreenHeader({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
}
