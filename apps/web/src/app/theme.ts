import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // Whoever asks the system for less motion gets menus, drawers and dialogs without their
  // animations (WCAG 2.3.3); the end-to-end tests ask it too, so they never click a drawer that
  // is still sliding in (a click computed mid-slide landed beside its button).
  respectReducedMotion: true,
  colors: {
    brand: [
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
    ],
  },
});
