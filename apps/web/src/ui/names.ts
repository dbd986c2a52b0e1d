/** Words of a person's name, without empty pieces. */
function words(name: string): string[] {
  return name.trim().split(/\s+/).filter(Boolean);
}

/** First and last word of a name: "Carlos Eduardo Mendes" → "Carlos Mendes" (spec §2, header). */
export function shortName(name: string): string {
  const parts = words(name);
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts[0]} ${parts[parts.length - 1]}`;
}

/** Initials of the first and last word: "Carlos Eduardo Mendes" → "CM". */
export function initials(name: string): string {
  const parts = words(shortName(name));
  return parts
    .map((p) => p.charAt(0))
    .join('')
    .toLocaleUpperCase('pt-BR');
}
