import { ImageIcon } from '@mandado/web-kit/icons.tsx';
import { useState } from 'react';

interface FallbackImageProps {
  src: string | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above-the-fold images load eagerly; everything else waits until it is near the viewport. */
  eager?: boolean;
}

/** An image with fixed intrinsic size (no layout shift) that shows a placeholder icon when it fails. */
export function FallbackImage({ src, alt, width, height, className, eager = false }: FallbackImageProps) {
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
  return (
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
}
