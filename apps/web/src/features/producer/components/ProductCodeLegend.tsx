import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { PRODUCT_CODE_LEGEND } from '@portal/contract';
import { useTranslation } from 'react-i18next';

/** P insurance plan, L investment link, F fund platform, T transfer in, PB private bank, TU trust. */
export function ProductCodeLegend() {
  const { t } = useTranslation(['common', 'domain']);
  return (
    <Box component="section" aria-labelledby="product-code-legend-title">
      <Text id="product-code-legend-title" size="xs" fw={600} tt="uppercase" c="dimmed" mb={4}>
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
