const base =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';

/** Links that look like the UI kit's buttons (navigation stays a link, not a button). */
export const linkButtonClass = {
  primary: `${base} bg-emerald-700 text-white hover:bg-emerald-800`,
  secondary: `${base} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`,
} as const;
