/** What Minhas pendências lends the frame and the home: the bell, the home's block, the live stream. */
export { PendenciasBell } from './components/PendenciasBell.tsx';
export { PendenciasHomeBlock } from './components/PendenciasHomeBlock.tsx';
export { usePendenciasLive } from './pendencias.api.ts';
