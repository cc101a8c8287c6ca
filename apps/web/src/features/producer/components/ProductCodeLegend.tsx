import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { PRODUCT_CODE_LEGEND } from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** P insurance plan, L investment link, F fund platform, T transfer in, PB private bank, TU trust. */
export function ProductCodeLegend() {
  const { t } = useTranslation(['common', 'domain']);
  // Shown in the side menu and on New Business at once: each copy needs its own id.
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Text id={titleId} size="xs" fw={600} tt="uppercase" c="dimmed" mb={4}>
        {t('common:producer.productCodeLegend')}
      </Text>
      <Stack component="dl" gap={4} m={0}>
        {PRODUCT_CODE_LEGEND.map((code) => (
          <Group key={code} gap="xs" wrap="nowrap">
            <Badge component="dt" variant="light" size="sm" w={36} px={0}>
              {code}
            </Badge>
            <Text component="dd" size="xs" m={0}>
              {t(`domain:productCode.${code}`)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Box>
  );
}
