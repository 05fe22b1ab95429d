const DEFAULT_AVATAR_URL = '/default-avatar.svg';

interface AvatarProps {
  src: string | null | undefined;
  size: 32 | 96;
  alt?: string;
}

/** Fixed width and height so the image never shifts the layout while it loads. */
export function Avatar({ src, size, alt = '' }: AvatarProps) {
  return (
    <img
      src={src || DEFAULT_AVATAR_URL}
      alt={alt}
      width={size}
      height={size}
      style={{ width: size, height: size }}
      className="shrink-0 rounded-full bg-slate-200 object-cover ring-1 ring-slate-300 dark:bg-slate-800 dark:ring-slate-700"
    />
  );
}
