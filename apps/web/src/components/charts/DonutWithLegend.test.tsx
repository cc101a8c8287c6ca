import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DonutWithLegend } from './DonutWithLegend';

const segments = [
  { key: 'IL', label: 'ILAS', value: 2, color: 'brand.7' },
  { key: 'IP', label: 'Insurance Plan', value: 2, color: 'teal.6' },
  { key: 'RI', label: 'Rider', value: 1, color: 'orange.5' },
  { key: 'IV', label: 'Investment', value: 3, color: 'grape.6' },
  { key: 'MP', label: 'MPF', value: 0, color: 'yellow.6' },
  { key: 'TR', label: 'Trust', value: 4, color: 'cyan.4' },
];

function renderDonut(props: Partial<Parameters<typeof DonutWithLegend>[0]> = {}) {
  return render(
    <MantineProvider>
      <DonutWithLegend
        segments={segments}
        title="Number of plans"
        summary="Plans in total: 12."
        centerLabel="12 plans"
        {...props}
      />
    </MantineProvider>,
  );
}

/** Each drawn arc's length (degrees of 360) by segment key, from the SVG itself. */
function drawnArcs(container: HTMLElement): Record<string, number> {
  const arcs: Record<string, number> = {};
  for (const circle of container.querySelectorAll<SVGCircleElement>('circle.donut-segment')) {
    expect(circle.getAttribute('pathLength')).toBe('360');
    const [dash] = (circle.getAttribute('stroke-dasharray') ?? '').split(' ');
    arcs[circle.dataset.segment ?? ''] = Number(dash);
  }
  return arcs;
}

describe('DonutWithLegend', () => {
  it('draws one arc per non-empty segment, each as long as its share (less the same gap)', () => {
    const { container } = renderDonut();
    const arcs = drawnArcs(container);
    expect(Object.keys(arcs)).toEqual(['IL', 'IP', 'RI', 'IV', 'TR']);
    const gap = 30 - (arcs.RI ?? 0);
    expect(gap).toBeGreaterThan(1);
    expect(gap).toBeLessThan(2);
    // 12 plans: 2 → 60°, 1 → 30°, 3 → 90°, 4 → 120°.
    expect(arcs.IL).toBeCloseTo(60 - gap);
    expect(arcs.IP).toBeCloseTo(60 - gap);
    expect(arcs.IV).toBeCloseTo(90 - gap);
    expect(arcs.TR).toBeCloseTo(120 - gap);
  });

  it('starts each arc where the previous one ended', () => {
    const { container } = renderDonut();
    const offsets = [...container.querySelectorAll('circle.donut-segment')].map((circle) =>
      Number(circle.getAttribute('stroke-dashoffset')),
    );
    const gapHalf = -(offsets[0] ?? 0);
    expect(offsets.map((offset) => -offset - gapHalf)).toEqual(
      [0, 60, 120, 150, 240].map((start) => expect.closeTo(start, 6)),
    );
  });

  it('keeps the drawing out of the accessibility tree and scalable by its viewBox', () => {
    const { container } = renderDonut({ size: 260, thickness: 44 });
    const drawing = container.querySelector('.donut-drawing') as HTMLElement;
    expect(drawing).toHaveAttribute('aria-hidden', 'true');
    const svg = drawing.querySelector('svg') as SVGSVGElement;
    expect(svg.getAttribute('viewBox')).toBe('0 0 260 260');
    expect(svg.getAttribute('width')).toBe('100%');
    expect(drawing.style.flex).toBe('0 1 260px');
  });

  it('lists every non-empty label and value in the legend, and names and describes the figure', () => {
    renderDonut();
    const figure = screen.getByRole('figure', { name: 'Number of plans' });
    expect(figure).toHaveAccessibleDescription('Plans in total: 12.');
    const items = within(figure)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['ILAS2', 'Insurance Plan2', 'Rider1', 'Investment3', 'Trust4']);
    expect(within(figure).getAllByRole('list')).toHaveLength(2);
    expect(screen.getByText('12 plans')).toBeInTheDocument();
  });

  it('gives each arc a hover title with the formatted value', () => {
    const { container } = renderDonut({ valueFormatter: (value) => `${value.toFixed(2)}%` });
    const titles = [...container.querySelectorAll('circle.donut-segment title')].map(
      (title) => title.textContent,
    );
    expect(titles).toEqual([
      'ILAS: 2.00%',
      'Insurance Plan: 2.00%',
      'Rider: 1.00%',
      'Investment: 3.00%',
      'Trust: 4.00%',
    ]);
  });
});
