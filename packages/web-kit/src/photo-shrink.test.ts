import { describe, expect, it } from 'vitest';
import {
  fitWithin,
  lighterOf,
  PHOTO_MAX_SIDE,
  PHOTO_SEND_AS_IS_BYTES,
  photoPlan,
  shrinkPhoto,
} from './photo-shrink.ts';

describe('fitWithin', () => {
  it('brings the longest side to 1600 px and keeps the proportions, upright or lying', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4000, 4000)).toEqual({ width: 1600, height: 1600 });
  });

  it('rounds to whole pixels and never below one', () => {
    expect(fitWithin(4001, 3001)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(20_000, 3)).toEqual({ width: 1600, height: 1 });
  });

  it('never enlarges a photo already within the size', () => {
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(800, 600, 400)).toEqual({ width: 400, height: 300 });
  });
});

describe('photoPlan', () => {
  it('shrinks a large photo to the size the server keeps', () => {
    expect(photoPlan({ width: 4032, height: 3024, bytes: 5_000_000 })).toEqual({
      kind: 'shrink',
      width: PHOTO_MAX_SIDE,
      height: 1200,
    });
  });

  it('sends a small, light photo as it is', () => {
    expect(photoPlan({ width: 1200, height: 900, bytes: 200_000 })).toEqual({ kind: 'as-is' });
  });

  it('encodes again a photo within the size that is still heavy', () => {
    expect(photoPlan({ width: 1500, height: 1000, bytes: PHOTO_SEND_AS_IS_BYTES + 1 })).toEqual({
      kind: 'shrink',
      width: 1500,
      height: 1000,
    });
  });
});

describe('lighterOf', () => {
  const original = new Blob([new Uint8Array(1000)], { type: 'image/jpeg' });

  it('keeps the encoding only when it came out lighter', () => {
    const lighter = new Blob([new Uint8Array(300)], { type: 'image/webp' });
    expect(lighterOf(original, lighter)).toBe(lighter);
    expect(lighterOf(original, new Blob([new Uint8Array(1200)]))).toBe(original);
    expect(lighterOf(original, new Blob([]))).toBe(original);
    expect(lighterOf(original, null)).toBe(original);
  });
});

describe('shrinkPhoto', () => {
  it('sends the original where the browser cannot decode photos', async () => {
    const file = new File([new Uint8Array(10)], 'foto.heic', { type: 'image/heic' });
    expect(await shrinkPhoto(file)).toBe(file);
  });
});
