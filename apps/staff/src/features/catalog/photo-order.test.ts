import { describe, expect, it } from 'vitest';
import { addPhoto, movePhoto, photosLeft, removePhoto } from './photo-order.ts';

const PHOTOS = ['/a.webp', '/b.webp', '/c.webp'];

describe('the product form photos', () => {
  it('moves a photo up or down one place, and not past either end', () => {
    expect(movePhoto(PHOTOS, 1, -1)).toEqual(['/b.webp', '/a.webp', '/c.webp']);
    expect(movePhoto(PHOTOS, 1, 1)).toEqual(['/a.webp', '/c.webp', '/b.webp']);
    expect(movePhoto(PHOTOS, 0, -1)).toEqual(PHOTOS);
    expect(movePhoto(PHOTOS, 2, 1)).toEqual(PHOTOS);
  });

  it('removes one photo and leaves the list it was given alone', () => {
    const before = [...PHOTOS];
    expect(removePhoto(PHOTOS, 0)).toEqual(['/b.webp', '/c.webp']);
    expect(PHOTOS).toEqual(before);
  });

  it('adds a new photo at the end, never a seventh nor the same twice', () => {
    expect(addPhoto(PHOTOS, '/d.webp')).toEqual([...PHOTOS, '/d.webp']);
    expect(addPhoto(PHOTOS, '/a.webp')).toEqual(PHOTOS);
    const full = ['1', '2', '3', '4', '5', '6'];
    expect(photosLeft(full)).toBe(0);
    expect(addPhoto(full, '7')).toEqual(full);
    expect(photosLeft(PHOTOS)).toBe(3);
  });
});
