import { describe, expect, it } from 'vitest';
import { FairQueue, InFlightCounter } from './request-fairness.ts';

describe('InFlightCounter', () => {
  it('refuses past the maximum per key and frees a slot on release', () => {
    const counter = new InFlightCounter();
    expect(counter.tryAcquire('a', 2)).toBe(true);
    expect(counter.tryAcquire('a', 2)).toBe(true);
    expect(counter.tryAcquire('a', 2)).toBe(false);
    expect(counter.tryAcquire('b', 2)).toBe(true);
    counter.release('a');
    expect(counter.tryAcquire('a', 2)).toBe(true);
    counter.release('a');
    counter.release('a');
    expect(counter.inFlight('a')).toBe(0);
  });
});

describe('FairQueue', () => {
  it('lets callers take turns instead of serving in arrival order', async () => {
    const queue = new FairQueue();
    const order: string[] = [];
    await Promise.all(
      ['flood', 'flood', 'flood', 'flood', 'bystander'].map((key, index) =>
        queue.wait(key).turn.then(() => order.push(`${key}${index}`)),
      ),
    );
    expect(order).toEqual(['flood0', 'bystander4', 'flood1', 'flood2', 'flood3']);
  });

  it('admits one request per event-loop turn, so a caller arriving meanwhile joins the rotation', async () => {
    const queue = new FairQueue();
    const order: string[] = [];
    const flood = Array.from({ length: 5 }, (_, index) =>
      queue.wait('flood').turn.then(() => order.push(`flood${index}`)),
    );
    // Arrives after the first admission, as a request read from the network on the next loop turn would.
    await new Promise((resolve) => setImmediate(resolve));
    const late = queue.wait('bystander').turn.then(() => order.push('bystander'));
    await Promise.all([...flood, late]);
    // Ahead of the caller served just before it arrived.
    expect(order.indexOf('bystander')).toBe(1);
  });

  it('takes turns by address first: made-up session keys from one address get one turn per round', async () => {
    const queue = new FairQueue();
    const order: string[] = [];
    const flood = Array.from({ length: 6 }, (_, index) =>
      queue.wait('client:flooder', `session:forged-${index}`).turn.then(() => order.push(`forged${index}`)),
    );
    const bystander = queue.wait('client:bystander').turn.then(() => order.push('bystander'));
    await Promise.all([...flood, bystander]);
    expect(order.indexOf('bystander')).toBe(1);
  });

  it('within one address, sessions take turns too', async () => {
    const queue = new FairQueue();
    const order: string[] = [];
    const flood = Array.from({ length: 4 }, (_, index) =>
      queue.wait('client:office', 'session:flood').turn.then(() => order.push(`flood${index}`)),
    );
    const colleague = queue.wait('client:office', 'session:ana').turn.then(() => order.push('ana'));
    await Promise.all([...flood, colleague]);
    expect(order.indexOf('ana')).toBe(1);
  });

  it('a cancelled request never gets a turn and does not use one', async () => {
    const queue = new FairQueue();
    const order: string[] = [];
    const gone = queue.wait('client:a');
    const stays = queue.wait('client:a').turn.then((admitted) => order.push(`stays:${admitted}`));
    gone.cancel();
    expect(await gone.turn).toBe(false);
    await stays;
    expect(order).toEqual(['stays:true']);
  });
});
