import { Box, useMantineTheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type KeyboardEvent, useState } from 'react';
import { labelIndices, niceTicks } from './chart-geometry';
import { resolveColor } from './DonutWithLegend';

export interface LineSeries {
  name: string;
  /** Mantine colour ("brand.7"). */
  color: string;
  /** One value per label; null leaves a gap. */
  values: readonly (number | null)[];
  dashed?: boolean;
}

const X_LABEL_WIDTH = 64;
const X_AXIS_HEIGHT = 28;
const TOP_PADDING = 10;
const RIGHT_PADDING = 12;
const FALLBACK_WIDTH = 480;

/**
 * Several series over the same months as straight lines (hand-written SVG: no chart library in the bundle, decision
 * 046). Keyboard and screen readers: the drawing is one slider over the months whose name says what it shows; ← →
 * Home End move a cursor from month to month and its value text reads that month's figures. The caller also offers the same
 * figures as a table.
 */
export function MultiLineChart({
  labels,
  series,
  height = 240,
  valueFormatter,
  title,
  describePoint,
  yAxisWidth = 90,
}: {
  labels: readonly string[];
  series: readonly LineSeries[];
  height?: number;
  valueFormatter: (value: number) => string;
  /** The accessible name of the drawing. */
  title: string;
  /** What the live region says for a month (label and every series' value). */
  describePoint: (index: number) => string;
  yAxisWidth?: number;
}) {
  const theme = useMantineTheme();
  const { ref, width: measured } = useElementSize();
  const width = measured > 0 ? Math.floor(measured) : FALLBACK_WIDTH;
  const [cursor, setCursor] = useState<number | null>(null);
  const muted = theme.colors.gray[6];
  const gridColor = theme.colors.gray[4];

  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const ticks = niceTicks(all.length ? all : [0, 1]);
  const low = ticks[0] ?? 0;
  const high = ticks[ticks.length - 1] ?? 1;
  const plotLeft = yAxisWidth;
  const plotRight = Math.max(plotLeft + 1, width - RIGHT_PADDING);
  const plotBottom = height - X_AXIS_HEIGHT;
  const xOf = (i: number) =>
    labels.length > 1 ? plotLeft + ((plotRight - plotLeft) * i) / (labels.length - 1) : plotLeft;
  const yOf = (v: number) => plotBottom - ((v - low) / (high - low || 1)) * (plotBottom - TOP_PADDING);
  const pathOf = (values: readonly (number | null)[]) => {
    let d = '';
    let pen = false;
    values.forEach((v, i) => {
      if (v === null) {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${xOf(i).toFixed(1)},${yOf(v).toFixed(1)}`;
      pen = true;
    });
    return d;
  };
  const labelled = labelIndices(labels.length, plotRight - plotLeft + X_LABEL_WIDTH / 2, X_LABEL_WIDTH);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = labels.length - 1;
    const current = cursor ?? last;
    const next =
      event.key === 'ArrowLeft'
        ? Math.max(0, current - 1)
        : event.key === 'ArrowRight'
          ? Math.min(last, current + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setCursor(next);
  };

  return (
    <Box
      ref={ref}
      h={height}
      // A slider over the months: the arrow keys move it, and its value text reads that month's figures.
      role="slider"
      aria-label={title}
      aria-valuemin={0}
      aria-valuemax={Math.max(0, labels.length - 1)}
      aria-valuenow={cursor ?? labels.length - 1}
      aria-valuetext={describePoint(cursor ?? labels.length - 1)}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onBlur={() => setCursor(null)}
      className="multi-line-chart"
    >
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        aria-hidden="true"
        focusable="false"
        fontSize={12}
        style={{ display: 'block' }}
      >
        <g stroke={gridColor} strokeDasharray="5 5">
          {ticks.map((tick) => (
            <line key={tick} x1={plotLeft} x2={plotRight} y1={yOf(tick)} y2={yOf(tick)} />
          ))}
        </g>
        <g fill={muted} textAnchor="end">
          {ticks.map((tick) => (
            <text key={tick} x={plotLeft - 10} y={yOf(tick)} dy="0.32em">
              {valueFormatter(tick)}
            </text>
          ))}
        </g>
        <g fill={muted} textAnchor="middle">
          {labelled.map((i) => {
            const overflows = xOf(i) + X_LABEL_WIDTH / 2 > width;
            return (
              <text
                key={i}
                x={overflows ? width : xOf(i)}
                y={plotBottom + 18}
                textAnchor={overflows ? 'end' : undefined}
              >
                {labels[i]}
              </text>
            );
          })}
        </g>
        {series.map((s) => (
          <path
            key={s.name}
            d={pathOf(s.values)}
            fill="none"
            stroke={resolveColor(theme, s.color)}
            strokeWidth={2}
            strokeDasharray={s.dashed ? '6 4' : undefined}
          />
        ))}
        {cursor !== null && (
          <g>
            <line x1={xOf(cursor)} x2={xOf(cursor)} y1={TOP_PADDING} y2={plotBottom} stroke={muted} />
            {series.map((s) => {
              const v = s.values[cursor];
              return v === null || v === undefined ? null : (
                <circle key={s.name} cx={xOf(cursor)} cy={yOf(v)} r={4} fill={resolveColor(theme, s.color)} />
              );
            })}
          </g>
        )}
      </svg>
    </Box>
  );
}
