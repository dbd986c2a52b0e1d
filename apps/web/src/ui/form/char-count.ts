/**
 * The counter under a text box with a limit ("0/1000 caracteres"): the box stops at the limit
 * (maxLength), so the person sees why before typing past it.
 */
export const charCount = (text: string | undefined, max: number) =>
  `${(text ?? '').length}/${max} caracteres`;
