// The global part of Mantine's styles; each component's own rules come with the chunk that uses it
// (bundling/mantine-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app/global.css';
import 'dayjs/locale/pt-br';
import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';

dayjs.locale('pt-br');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
