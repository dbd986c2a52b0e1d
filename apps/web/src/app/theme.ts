import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  toRgba,
} from '@mantine/core';

/** WCAG AA for text of normal size (1.4.3). */
const AA = 4.5;
/** The shade Mantine draws text, filled backgrounds and light tints with (primaryShade). */
const SHADE = 6;

type Rgb = readonly [number, number, number];

const rgb = (color: string): Rgb => {
  const { r, g, b } = toRgba(color);
  return [r, g, b];
};

const hex = ([r, g, b]: Rgb) =>
  `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

const luminance = ([r, g, b]: Rgb) => {
  const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** `color` at `opacity` over the opaque `background`, as Mantine draws its light variants. */
const over = (color: Rgb, opacity: number, background: Rgb): Rgb =>
  color.map((c, i) => c * opacity + (background[i] ?? 0) * (1 - opacity)) as unknown as Rgb;

const darken = (color: Rgb, amount: number): Rgb => color.map((c) => c * (1 - amount)) as unknown as Rgb;

const WHITE = rgb('#ffffff');
/** The page's background (the app shell, grey cards) and the next grey: text sits on all three. */
const PAGE = rgb(DEFAULT_THEME.colors.gray[0]);
const PAGE_DARKER = rgb(DEFAULT_THEME.colors.gray[1]);

/**
 * A palette whose shade 6 carries text at 4.5:1 wherever Mantine puts it: on white and the grey
 * page, on its own light tint (light buttons, badges, the active menu entry; 12 % over the page)
 * and under white text (filled buttons and badges). The shade is darkened in small steps until it
 * does, so hues keep their meaning (a red badge stays red); the darker shades stay at least as dark.
 */
function readablePalette(shades: readonly string[]): MantineColorsTuple {
  const base = rgb(shades[SHADE] ?? '#000000');
  let six = base;
  for (let amount = 0.02; amount < 1; amount += 0.02) {
    const backgrounds = [WHITE, PAGE, PAGE_DARKER, over(six, 0.12, PAGE)];
    if (backgrounds.every((bg) => contrast(six, bg) >= AA)) break;
    six = darken(base, amount);
  }
  return shades.map((shade, i) => {
    if (i < SHADE) return shade;
    if (i === SHADE) return hex(six);
    const own = rgb(shade);
    return luminance(own) <= luminance(six) ? shade : hex(darken(six, 0.08 * (i - SHADE)));
  }) as unknown as MantineColorsTuple;
}

const brand = [
  '#e7f0ff',
  '#cfdcf8',
  '#9db7ef',
  '#6890e6',
  '#3d6fde',
  '#225bd9',
  '#1251d8',
  '#0342c0',
  '#003aad',
  '#0b3d91',
] as const;

/**
 * Mantine's default palette draws text below WCAG AA (issue 32, axe-core): grey helper text
 * 3.15:1, light buttons 3.02:1, white on the primary blue 3.55:1, green and orange badges near 2:1.
 * Every palette of the theme is raised to 4.5:1 at its text shade (readablePalette).
 */
const colors = Object.fromEntries(
  Object.entries({ ...DEFAULT_THEME.colors, brand }).map(([name, shades]) => [name, readablePalette(shades)]),
);

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: SHADE,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // Whoever asks the system for less motion gets menus, drawers and dialogs without their
  // animations (WCAG 2.3.3); the end-to-end tests ask it too, so they never click a drawer that
  // is still sliding in (a click computed mid-slide landed beside its button).
  respectReducedMotion: true,
  colors,
  components: {
    // Icon-only close buttons get a name (WCAG 4.1.2), in dialogs and drawers alike.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    // The × of clearable inputs (dates, selects, file pickers); not "Limpar", the filter bars' button.
    InputClearButton: { defaultProps: { 'aria-label': 'Apagar valor' } },
    // A table wider than its card scrolls sideways, also by keyboard (axe scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // A menu holds menu items only (axe aria-required-children): no focus placeholder among them.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/** Placeholders (grey shade 5 by default, 2.07:1) read like the dimmed helper text (grey shade 6). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-placeholder': 'var(--mantine-color-dimmed)' },
  dark: {},
});
