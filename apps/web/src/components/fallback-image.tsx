import { ImageIcon } from '@mandado/web-kit/icons.tsx';
import { useState } from 'react';
import { imageSources } from '../lib/image-srcset.ts';

interface FallbackImageProps {
  src: string | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above-the-fold images load eagerly; everything else waits until it is near the viewport. */
  eager?: boolean;
  /** The slot's width for `sizes` (lib/image-srcset.ts IMAGE_SIZES); an uploaded photo then gets srcsets. */
  sizes?: string;
}

/** An image with fixed intrinsic size (no layout shift) that shows a placeholder icon when it fails. */
export function FallbackImage({
  src,
  alt,
  width,
  height,
  className,
  eager = false,
  sizes,
}: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = className ? `fallback-image ${className}` : 'fallback-image';
  if (!src || failedSrc === src) {
    const style = { aspectRatio: `${width} / ${height}` };
    return alt ? (
      <span className={`${classes} fallback-image--missing`} role="img" aria-label={alt} style={style}>
        <ImageIcon size={28} />
      </span>
    ) : (
      <span className={`${classes} fallback-image--missing`} aria-hidden="true" style={style}>
        <ImageIcon size={28} />
      </span>
    );
  }
  const image = (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={classes}
      loading={eager ? 'eager' : 'lazy'}
      // The first cards' images are the page's largest paint: ask for them before other requests.
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
  // Issue 30: an uploaded photo in AVIF or WebP at the width its slot needs; a browser without either, or a
  // picture that has no variants (the demo SVG drawings), takes the img's own src. Pure: renders on a server.
  const sources = sizes ? imageSources(src) : null;
  if (!sources) return image;
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {image}
    </picture>
  );
}
