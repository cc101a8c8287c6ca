import '@mantine/charts/styles.css';
import { DonutChart } from '@mantine/charts';
import {
  Box,
  ColorSwatch,
  Group,
  SimpleGrid,
  Stack,
  Text,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId } from 'react';
import { splitLegendColumns } from './legend-columns';

export interface DonutSegment {
  key: string;
  label: string;
  value: number;
  /** Mantine colour ("teal.6"). */
  color: string;
  /** Shown in the legend instead of the raw value ("3", "25.00%"). */
  display?: string;
}

/**
 * A donut chart with its own two-column legend. The drawing is decorative for assistive technology: the legend is a
 * real list with every label and value, and the figure is named by `title` and summarised by `summary`. The drawing
 * is `size` wide where there is room and shrinks with its container (a phone's card is narrower than 370 px).
 */
export function DonutWithLegend({
  segments,
  title,
  summary,
  centerLabel,
  size = 370,
  thickness = 56,
  valueFormatter,
  withLegend = true,
}: {
  segments: readonly DonutSegment[];
  title: string;
  summary: string;
  centerLabel?: string;
  size?: number;
  thickness?: number;
  valueFormatter?: (value: number) => string;
  /** Off when a table next to the chart already names every segment. */
  withLegend?: boolean;
}) {
  const theme = useMantineTheme();
  const titleId = useId();
  const summaryId = useId();
  const shown = segments.filter((segment) => segment.value > 0);
  const columns = splitLegendColumns(shown);
  const { ref: drawingRef, width: available } = useElementSize();
  // Before the first measurement the drawing keeps its nominal size; after it, never wider than its box.
  const drawn = available > 0 ? Math.min(size, Math.floor(available)) : size;
  const ring = Math.max(12, Math.round((thickness * drawn) / size));

  return (
    <Box component="figure" m={0} aria-labelledby={titleId} aria-describedby={summaryId}>
      <Text component="figcaption" id={titleId} fw={600} size="sm" c="dimmed" tt="uppercase" mb="sm">
        {title}
      </Text>
      <VisuallyHidden id={summaryId}>{summary}</VisuallyHidden>
      <Group align="center" gap="xl" wrap="wrap">
        <Box
          ref={drawingRef}
          aria-hidden="true"
          className="donut-drawing"
          style={{ flex: `0 1 ${size}px`, minWidth: 0, aspectRatio: '1 / 1' }}
        >
          <DonutChart
            data={shown.map((segment) => ({
              name: segment.label,
              value: segment.value,
              color: segment.color,
            }))}
            size={drawn}
            thickness={ring}
            paddingAngle={1}
            strokeWidth={2}
            chartLabel={centerLabel}
            tooltipDataSource="segment"
            valueFormatter={valueFormatter}
            accessibilityLayer={false}
            // Recharts makes the pie a tab stop; inside an aria-hidden drawing that is a focus trap with no name.
            pieProps={{ rootTabIndex: -1 }}
            styles={{ label: { fontSize: theme.fontSizes.lg, fontWeight: 600 } }}
          />
        </Box>
        {withLegend && (
          <SimpleGrid
            cols={columns[1].length ? { base: 1, xs: 2 } : 1}
            spacing="xl"
            verticalSpacing={0}
            className="donut-legend"
          >
            {columns.map((column, index) =>
              column.length ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: exactly two fixed columns
                <Stack key={index} component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
                  {column.map((segment) => (
                    <Group
                      key={segment.key}
                      component="li"
                      gap="sm"
                      wrap="nowrap"
                      data-legend-item={segment.key}
                    >
                      <ColorSwatch
                        color={resolveColor(theme, segment.color)}
                        size={14}
                        radius="xs"
                        withShadow={false}
                        aria-hidden="true"
                      />
                      <Text size="sm">{segment.label}</Text>
                      <Text size="sm" fw={600} ml="auto" pl="sm">
                        {segment.display ?? segment.value}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              ) : null,
            )}
          </SimpleGrid>
        )}
      </Group>
    </Box>
  );
}

/** "teal.6" → the theme's hex value, for places that take a CSS colour rather than a Mantine colour name. */
export function resolveColor(theme: ReturnType<typeof useMantineTheme>, color: string): string {
  const [name, shade] = color.split('.');
  const palette = name ? theme.colors[name] : undefined;
  return palette ? (palette[Number(shade ?? 6)] ?? color) : color;
}
