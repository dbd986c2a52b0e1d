/** What the tickets module lends other modules (the purchases' materials dialog shows a call). */
export { CallPanel } from './components/CallPanel.tsx';
