import { describe, expect, it } from 'vitest';
import { createTestApp } from './test-app.ts';

describe('app.media', () => {
  it('gives every test app a storage of its own, removed when the app closes', async () => {
    const testApp = await createTestApp();
    try {
      await testApp.app.media.put('proofs/1/a.webp', Buffer.from('x'), 'image/webp');
      expect((await testApp.app.media.get('proofs/1/a.webp'))?.body.toString()).toBe('x');
    } finally {
      await testApp.close();
    }
    // The storage object outlives the app; its directory, a fresh one per app, does not.
    expect(await testApp.app.media.get('proofs/1/a.webp')).toBeNull();
  });
});
