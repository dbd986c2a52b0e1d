/** What one search lends the frame: the header's box, its shortcuts and its dialog. */
export { BuscaBox } from './components/BuscaBox.tsx';
