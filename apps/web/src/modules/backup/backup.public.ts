/** What other modules may use of backups: the administrators' card of the last backup. */
export { BackupCard } from './components/BackupCard.tsx';
