import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The `components` project's setup (decision 060): each test starts on an empty page with the real fetch back.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
