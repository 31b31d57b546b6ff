import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasePacerFor, PacerBusyError } from '../src/modules/geo/request-pacer.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("the geocoder's pace is shared through the database (decision 036)", () => {
  it('two instances together still send one request per interval', async () => {
    const origin = `https://geo-${Date.now()}.example.org`;
    // Two pacers as two instances would build them: they share nothing in memory, only the database.
    const first = databasePacerFor(t.database.db, origin, 400, 5000);
    const second = databasePacerFor(t.database.db, origin, 400, 5000);
    const started: number[] = [];
    const stamp = async () => {
      started.push(performance.now());
    };
    await Promise.all([first, second, first, second].map((pacer) => pacer.schedule(stamp)));
    started.sort((a, b) => a - b);
    // Slots 400 ms apart by the database's clock: four calls span at least three intervals (less a little
    // for the round trips, which differ per call), where two process-local pacers would start two at once.
    const span = (started.at(-1) ?? 0) - (started[0] ?? 0);
    expect(span).toBeGreaterThan(3 * 400 - 150);
  });

  it('refuses at once, taking no slot, when the next free one is too far away', async () => {
    const origin = `https://geo-busy-${Date.now()}.example.org`;
    const pacer = databasePacerFor(t.database.db, origin, 1000, 1500);
    // Slots at 0 and 1 s; a third would wait 2 s, over the 1.5 s allowed (whichever call reaches it third).
    const results = await Promise.allSettled([1, 2, 3].map((n) => pacer.schedule(async () => n)));
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.status === 'rejected' && refused[0].reason).toBeInstanceOf(PacerBusyError);
  });
});
