import { Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../components/usePageTitle';

/** The title block of a back-office screen: its h1 (also the browser tab's title) and what the screen is for. */
export function InternalScreenHeader({ title, intro }: { title: string; intro: string }) {
  usePageTitle(title);
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {intro}
      </Text>
    </div>
  );
}
