// Colours come from the HeroUI theme, so the charts follow light and dark.
export const ACCENT = 'var(--accent)';
const MUTED = 'var(--muted)';
export const GRID = 'var(--separator)';
export const TICK = { fill: MUTED, fontSize: 12 };
export const TOOLTIP_STYLE = {
  backgroundColor: 'var(--surface)',
  border: '1px solid var(--separator)',
  borderRadius: 12,
  color: 'var(--foreground)',
};

/** A local day YYYY-MM-DD as dd/MM/yyyy (or dd/MM on an axis), whatever the language (spec 01 §1). */
export const dayLabel = (date: string, withYear = true) => {
  const [year, month, day] = date.split('-');
  return withYear ? `${day}/${month}/${year}` : `${day}/${month}`;
};
