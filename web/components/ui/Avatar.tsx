import { useState } from 'react';

const DEFAULT_AVATAR_URL = '/default-avatar.svg';

interface AvatarProps {
  src: string | null | undefined;
  size: 32 | 96;
  /** Empty (decorative) where the person's name stands next to the picture. */
  alt?: string;
}

/**
 * Fixed width and height so the image never shifts the layout while it loads; the default picture
 * stands in when there is none or it cannot be loaded (e.g. replaced a moment ago).
 */
export function Avatar({ src, size, alt = '' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = src && src !== failedSrc ? src : DEFAULT_AVATAR_URL;
  return (
    <img
      src={url}
      alt={alt}
      width={size}
      height={size}
      onError={() => src && setFailedSrc(src)}
      style={{ width: size, height: size }}
      className="shrink-0 rounded-full bg-slate-200 object-cover ring-1 ring-slate-300 dark:bg-slate-800 dark:ring-slate-700"
    />
  );
}
