import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Area } from '@portal/contract';
import { useTranslation } from 'react-i18next';

/**
 * The area choice of afs (spec 2 §2), as two radio cards in a radio group: Tab reaches them, arrow keys move
 * between them, and each says what the area is for.
 */
export function AreaChoice({ value, onChange }: { value: Area; onChange: (area: Area) => void }) {
  const { t } = useTranslation('public');
  const options: { area: Area; label: string; hint: string }[] = [
    { area: 'b2c', label: t('login.areaClient'), hint: t('login.areaClientHint') },
    { area: 'b2b', label: t('login.areaProducer'), hint: t('login.areaProducerHint') },
  ];
  return (
    <Radio.Group
      name="area"
      label={t('login.areaLabel')}
      value={value}
      onChange={(next) => onChange(next === 'b2b' ? 'b2b' : 'b2c')}
      styles={{ label: { marginBottom: 6, fontWeight: 600 } }}
    >
      <SimpleGrid cols={2} spacing="sm">
        {options.map((option) => (
          <Radio.Card key={option.area} value={option.area} radius="md" p="sm" className="area-card">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {option.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {option.hint}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
