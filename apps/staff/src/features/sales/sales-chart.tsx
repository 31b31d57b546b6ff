import { parseMoney } from '@mandado/shared/money';
import { moneyText } from '@mandado/shared/money-text';
import type { StoreSales } from '@mandado/shared/store-sales.schemas';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 220;
const PESOS = { code: 'UYU' };

/** '23/11': a bucket's Montevideo day, written from its YYYY-MM-DD (never through the browser's zone). */
function shortDay(start: string): string {
  return `${Number(start.slice(8, 10))}/${Number(start.slice(5, 7))}`;
}

/**
 * Sales per day (or week) as bars and orders as a line (issue 31), drawn by the back office's uPlot. Only the
 * sales page imports this module, lazily, so uPlot is in that page's chunk alone.
 */
export function SalesChart({ buckets }: { buckets: StoreSales['days'] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const styles = getComputedStyle(element);
    const brand = styles.getPropertyValue('--brand').trim() || '#0b6e5f';
    const accent = styles.getPropertyValue('--accent').trim() || '#f5b83d';
    const muted = styles.getPropertyValue('--text-muted').trim() || '#4d5b57';
    const data: uPlot.AlignedData = [
      buckets.map((_, index) => index),
      buckets.map((bucket) => parseMoney(bucket.sales) / 100),
      buckets.map((bucket) => bucket.orders),
    ];
    const label = (index: number) => {
      const bucket = buckets[Math.round(index)];
      return bucket ? shortDay(bucket.start) : '';
    };
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        scales: { x: { time: false, range: [-0.6, buckets.length - 0.4] } },
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        axes: [
          {
            stroke: muted,
            values: (_chart, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? label(tick) : '')),
          },
          {
            stroke: muted,
            scale: 'pesos',
            values: (_chart, ticks) => ticks.map((tick) => moneyText(Math.round(tick) * 100, PESOS)),
            size: 76,
          },
          { stroke: muted, scale: 'orders', side: 1, grid: { show: false } },
        ],
        series: [
          { label: 'Día', value: (_chart, index) => (index === null ? '' : label(index)) },
          {
            label: 'Ventas',
            scale: 'pesos',
            stroke: brand,
            fill: `${brand}cc`,
            paths: uPlot.paths.bars?.({ size: [0.6, 48] }),
            points: { show: false },
            value: (_chart, value) => (value === null ? '' : moneyText(Math.round(value * 100), PESOS)),
          },
          { label: 'Pedidos', scale: 'orders', stroke: accent, width: 2 },
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
  }, [buckets]);

  return <div ref={box} className="sales-chart" aria-hidden="true" />;
}
