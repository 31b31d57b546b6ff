import { PRODUCT_IMAGES_MAX } from '@mandado/shared/merchant-catalog.schemas';

/**
 * The product's photos in the form, in the order the shop shows them (the first is the main one). Pure, so
 * the buttons' effect is tested without a browser.
 */

/** The list with the photo at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function movePhoto(images: readonly string[], index: number, direction: -1 | 1): string[] {
  const target = index + direction;
  const moving = images[index];
  const other = images[target];
  if (moving === undefined || other === undefined) return [...images];
  const next = [...images];
  next[index] = other;
  next[target] = moving;
  return next;
}

/** The list without the photo at `index`. */
export function removePhoto(images: readonly string[], index: number): string[] {
  return images.filter((_, position) => position !== index);
}

/** How many more photos the product takes (the schema allows PRODUCT_IMAGES_MAX). */
export function photosLeft(images: readonly string[]): number {
  return Math.max(0, PRODUCT_IMAGES_MAX - images.length);
}

/** The list with an uploaded photo at the end, unless it is already there or the product is full. */
export function addPhoto(images: readonly string[], url: string): string[] {
  if (images.includes(url) || photosLeft(images) === 0) return [...images];
  return [...images, url];
}
