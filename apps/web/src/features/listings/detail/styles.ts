/** The small pill buttons under the title (share, report, edit). */
export const actionButton =
  'inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-300 bg-white px-4 font-semibold text-stone-800 hover:bg-stone-50';
