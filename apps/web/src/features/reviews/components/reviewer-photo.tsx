/** The reviewer's photo beside their name (decorative), or their initial when there is none. */
export function ReviewerPhoto({
  name,
  photoUrl,
  size = 48,
}: {
  name: string;
  photoUrl: string | null;
  size?: number;
}) {
  const style = { width: size, height: size };
  if (photoUrl) {
    return (
      <img
        src={photoUrl}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        style={style}
        className="shrink-0 rounded-full bg-slate-200 object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden
      style={style}
      className="flex shrink-0 items-center justify-center rounded-full bg-emerald-800 font-bold text-white"
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
