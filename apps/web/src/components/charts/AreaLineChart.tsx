import { Box, useMantineTheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId } from 'react';
import { labelIndices, monotonePath, niceTicks } from './chart-geometry';
import { resolveColor } from './DonutWithLegend';

export interface AreaPoint {
  /** The x-axis label ("2026/04"). */
  label: string;
  value: number;
}

/** Room for an x label ("2026/10" at 12 px) with some air. */
const X_LABEL_WIDTH = 64;
const X_AXIS_HEIGHT = 28;
const TOP_PADDING = 10;
const RIGHT_PADDING = 12;
/** The width drawn before the container is measured; the viewBox scales it to fit meanwhile. */
const FALLBACK_WIDTH = 480;

/**
 * One series over time: a monotone line over a fading area, a y axis of five ticks formatted by `valueFormatter`,
 * and month labels that thin out on narrow screens. The drawing is decorative for assistive technology (the caller
 * puts the same figures in a table); each point's hover title repeats its label and value for a mouse user. It
 * measures its container and draws at that width; the viewBox keeps it inside the card before the measurement.
 */
export function AreaLineChart({
  points,
  height = 200,
  color,
  valueFormatter,
  yAxisWidth = 90,
}: {
  points: readonly AreaPoint[];
  height?: number;
  /** Mantine colour ("brand.7"). */
  color: string;
  valueFormatter: (value: number) => string;
  yAxisWidth?: number;
}) {
  const theme = useMantineTheme();
  // useId's colons and guillemets are not valid in url(#…); each becomes '_'.
  const gradientId = `area-fill-${useId().replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  const { ref, width: measured } = useElementSize();
  const width = measured > 0 ? Math.floor(measured) : FALLBACK_WIDTH;
  const stroke = resolveColor(theme, color);
  const muted = theme.colors.gray[6];
  const gridColor = theme.colors.gray[4];

  const ticks = niceTicks(points.map((point) => point.value));
  const low = ticks[0] ?? 0;
  const high = ticks[ticks.length - 1] ?? 1;
  const plotLeft = yAxisWidth;
  const plotRight = Math.max(plotLeft + 1, width - RIGHT_PADDING);
  const plotTop = TOP_PADDING;
  const plotBottom = height - X_AXIS_HEIGHT;
  const xOf = (index: number) =>
    points.length > 1 ? plotLeft + ((plotRight - plotLeft) * index) / (points.length - 1) : plotLeft;
  const yOf = (value: number) => plotBottom - ((value - low) / (high - low || 1)) * (plotBottom - plotTop);
  const coordinates = points.map((point, index) => ({ x: xOf(index), y: yOf(point.value) }));
  const line = monotonePath(coordinates);
  const area = coordinates.length
    ? `${line}L${xOf(points.length - 1)},${plotBottom}L${plotLeft},${plotBottom}Z`
    : '';
  const labelled = labelIndices(points.length, plotRight - plotLeft + X_LABEL_WIDTH / 2, X_LABEL_WIDTH);
  const slot = points.length > 1 ? (plotRight - plotLeft) / (points.length - 1) : plotRight - plotLeft;

  return (
    <Box ref={ref} className="area-chart" h={height}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        role="presentation"
        focusable="false"
        fontSize={12}
        style={{ display: 'block' }}
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={stroke} stopOpacity={0.2} />
            <stop offset="100%" stopColor={stroke} stopOpacity={0.01} />
          </linearGradient>
        </defs>
        <g className="area-chart-grid" stroke={gridColor} strokeDasharray="5 5">
          {labelled.map((index) => (
            <line key={index} x1={xOf(index)} x2={xOf(index)} y1={plotTop} y2={plotBottom} />
          ))}
        </g>
        <g className="area-chart-y-axis" fill={muted} textAnchor="end">
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={plotLeft - 6} x2={plotLeft} y1={yOf(tick)} y2={yOf(tick)} stroke={gridColor} />
              <text x={plotLeft - 10} y={yOf(tick)} dy="0.32em">
                {valueFormatter(tick)}
              </text>
            </g>
          ))}
        </g>
        <g className="area-chart-x-axis" fill={muted} textAnchor="middle">
          {labelled.map((index) => {
            // The last label ends at the drawing's edge instead of being cut by it.
            const overflows = xOf(index) + X_LABEL_WIDTH / 2 > width;
            return (
              <text
                key={index}
                x={overflows ? width : xOf(index)}
                y={plotBottom + 18}
                textAnchor={overflows ? 'end' : undefined}
              >
                {points[index]?.label}
              </text>
            );
          })}
        </g>
        <path className="area-chart-area" d={area} fill={`url(#${gradientId})`} stroke="none" />
        <path className="area-chart-line" d={line} fill="none" stroke={stroke} strokeWidth={2} />
        <g className="area-chart-hover" fill="transparent">
          {points.map((point, index) => (
            <rect
              key={point.label}
              x={xOf(index) - slot / 2}
              y={plotTop}
              width={slot}
              height={plotBottom - plotTop}
            >
              <title>{`${point.label}: ${valueFormatter(point.value)}`}</title>
            </rect>
          ))}
        </g>
      </svg>
    </Box>
  );
}
