import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../lib/locale';
import { usePageTitle } from './usePageTitle';

/** "Page Not Found": unknown paths, disabled areas and routes the user's permissions do not register. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  usePageTitle(t('app.pageNotFound'));
  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" my="xl">
      <Stack gap="sm">
        <Title order={1} size="h2">
          {t('app.pageNotFound')}
        </Title>
        <Text c="dimmed">{t('app.pageNotFoundHint')}</Text>
        <Anchor component={Link} to={localePath('/')}>
          {t('app.backToHome')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
