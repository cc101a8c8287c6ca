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
import { useId } from 'react';
import { donutArcs } from './chart-geometry';
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

/** The space between neighbouring arcs: 1° plus the 2 px white border the previous chart library drew. */
const GAP_DEGREES = 1;
const GAP_PIXELS = 2;

/**
 * A donut chart with its own two-column legend. The drawing is decorative for assistive technology: the legend is a
 * real list with every label and value, and the figure is named by `title` and summarised by `summary` (a caller
 * that turns the legend off puts a table with every value beside the chart). The drawing is an SVG that scales with
 * its viewBox: `size` wide where there is room, narrower in a phone's card, never clipped.
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
  /** How a value reads in the drawing's hover titles (the legend uses `display`). */
  valueFormatter?: (value: number) => string;
  /** Off when a table next to the chart already names every segment. */
  withLegend?: boolean;
}) {
  const theme = useMantineTheme();
  const titleId = useId();
  const summaryId = useId();
  const shown = segments.filter((segment) => segment.value > 0);
  const columns = splitLegendColumns(shown);

  return (
    <Box component="figure" m={0} aria-labelledby={titleId} aria-describedby={summaryId}>
      <Text component="figcaption" id={titleId} fw={600} size="sm" c="dimmed" tt="uppercase" mb="sm">
        {title}
      </Text>
      <VisuallyHidden id={summaryId}>{summary}</VisuallyHidden>
      <Group align="center" gap="xl" wrap="wrap">
        <Box
          aria-hidden="true"
          className="donut-drawing"
          pos="relative"
          style={{ flex: `0 1 ${size}px`, minWidth: 0, aspectRatio: '1 / 1' }}
        >
          <DonutDrawing
            segments={shown}
            size={size}
            thickness={thickness}
            colorOf={(segment) => resolveColor(theme, segment.color)}
            titleOf={(segment) =>
              `${segment.label}: ${valueFormatter ? valueFormatter(segment.value) : (segment.display ?? segment.value)}`
            }
          />
          {centerLabel && (
            <Text
              className="donut-center-label"
              pos="absolute"
              inset={0}
              display="flex"
              fz="lg"
              fw={600}
              ta="center"
              style={{ alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}
            >
              {centerLabel}
            </Text>
          )}
        </Box>
        {withLegend && (
          <SimpleGrid
            cols={columns[1].length ? { base: 1, xs: 2 } : 1}
            spacing="xl"
            // On a phone the two lists stack: the gap between them is the one between their entries.
            verticalSpacing="sm"
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

/**
 * The ring: one circle per segment at the ring's middle radius, its stroke as wide as the ring, and
 * stroke-dasharray drawing only the segment's share (pathLength 360, so lengths are degrees). The circles are
 * mirrored vertically so the segments run counter-clockwise from 3 o'clock, as the previous charts did.
 */
function DonutDrawing({
  segments,
  size,
  thickness,
  colorOf,
  titleOf,
}: {
  segments: readonly DonutSegment[];
  size: number;
  thickness: number;
  colorOf: (segment: DonutSegment) => string;
  titleOf: (segment: DonutSegment) => string;
}) {
  const center = size / 2;
  const ring = Math.min(thickness, center);
  const radius = center - ring / 2;
  const gap = GAP_DEGREES + (GAP_PIXELS / (2 * Math.PI * radius)) * 360;
  const arcs = donutArcs(
    segments.map((segment) => segment.value),
    gap,
  );
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      width="100%"
      height="100%"
      role="presentation"
      focusable="false"
      style={{ display: 'block' }}
    >
      <g transform={`translate(0 ${size}) scale(1 -1)`}>
        {segments.map((segment, index) => {
          const arc = arcs[index];
          if (!arc || arc.drawn <= 0) return null;
          return (
            <circle
              key={segment.key}
              className="donut-segment"
              data-segment={segment.key}
              cx={center}
              cy={center}
              r={radius}
              fill="none"
              stroke={colorOf(segment)}
              strokeWidth={ring}
              pathLength={360}
              strokeDasharray={`${arc.drawn} ${360 - arc.drawn}`}
              strokeDashoffset={-arc.start}
            >
              <title>{titleOf(segment)}</title>
            </circle>
          );
        })}
      </g>
    </svg>
  );
}

/** "teal.6" → the theme's hex value, for places that take a CSS colour rather than a Mantine colour name. */
export function resolveColor(theme: ReturnType<typeof useMantineTheme>, color: string): string {
  const [name, shade] = color.split('.');
  const palette = name ? theme.colors[name] : undefined;
  return palette ? (palette[Number(shade ?? 6)] ?? color) : color;
}
