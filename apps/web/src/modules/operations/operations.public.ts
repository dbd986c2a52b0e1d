/** What the operations module lends other modules (a fine shows its OT's attachments). */
export { OtAttachmentLinks } from './components/OtAttachmentLinks.tsx';
