import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { type SiteCode, siteCapabilities } from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useStageName } from './stage-name';

/**
 * The stage legend of New Business (docs/product.md, "Application stages"): the site's stages with their meaning, one
 * entry per stage the site keeps.
 */
export function StageLegend({ siteCode }: { siteCode: SiteCode }) {
  const { t } = useTranslation('domain');
  const stageName = useStageName();
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Text id={titleId} size="xs" fw={600} tt="uppercase" c="dimmed" mb={4}>
        {t('stageLegend')}
      </Text>
      <Stack component="dl" gap={4} m={0}>
        {siteCapabilities(siteCode).stages.map((stage) => (
          <Group key={stage} gap="xs" wrap="nowrap" align="flex-start">
            <Badge component="dt" variant="light" size="sm" miw={64}>
              {stageName(stage)}
            </Badge>
            <Text component="dd" size="xs" m={0}>
              {t(`stage.${stage}`)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Box>
  );
}
