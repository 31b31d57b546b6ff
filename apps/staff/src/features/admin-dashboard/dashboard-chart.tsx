import type { DashboardDay } from '@mandado/shared/admin-dashboard.schemas';
import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { shortDayText } from './dashboard-text.ts';

const HEIGHT = 240;

/**
 * Sales per day as bars and paid orders as a line (issue 19), drawn by uPlot (MIT, ~50 KB, on canvas). This
 * module is the only one that imports it, and the page loads it lazily: the rest of the staff app never
 * downloads the library. The x axis is the day's position, labelled with the Montevideo day: uPlot's time
 * axis would use the browser's time zone.
 */
export function DashboardChart({ series }: { series: DashboardDay[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const styles = getComputedStyle(element);
    const brand = styles.getPropertyValue('--brand').trim() || '#0b6e5f';
    const accent = styles.getPropertyValue('--accent').trim() || '#f5b83d';
    const muted = styles.getPropertyValue('--text-muted').trim() || '#4d5b57';
    const data: uPlot.AlignedData = [
      series.map((_, index) => index),
      series.map((day) => parseMoney(day.sales) / 100),
      series.map((day) => day.paid_orders),
    ];
    const label = (index: number) => {
      const day = series[Math.round(index)];
      return day ? shortDayText(day.day) : '';
    };
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        scales: { x: { time: false, range: [-0.6, series.length - 0.4] } },
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        axes: [
          {
            stroke: muted,
            values: (_chart, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? label(tick) : '')),
          },
          {
            stroke: muted,
            scale: 'usd',
            values: (_chart, ticks) =>
              ticks.map((tick) => usdText(Math.round(tick * 100), { whole: 'short' })),
            size: 70,
          },
          { stroke: muted, scale: 'orders', side: 1, grid: { show: false } },
        ],
        series: [
          { label: 'Día', value: (_chart, index) => (index === null ? '' : label(index)) },
          {
            label: 'Ventas',
            scale: 'usd',
            stroke: brand,
            fill: `${brand}cc`,
            paths: uPlot.paths.bars?.({ size: [0.6, 48] }),
            points: { show: false },
            value: (_chart, value) => (value === null ? '' : usdText(Math.round(value * 100))),
          },
          { label: 'Pedidos pagados', scale: 'orders', stroke: accent, width: 2 },
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series]);

  return <div ref={box} className="dashboard-chart__canvas" aria-hidden="true" />;
}
