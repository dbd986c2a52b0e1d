import type { OperationSlot } from '@intranet/contracts';
import { createStore, del, get, set } from 'idb-keyval';

/** The files chosen for each slot of one OT, kept in the browser (IndexedDB) until they are sent. */
export type Draft = Partial<Record<OperationSlot, File>>;

// A database of its own: clearing it never touches other data of the app.
const store = createStore('intranet-operation-drafts', 'drafts');

/** Spec §4: choosing or removing a file saves the draft of that OT; a reload finds it again. */
export const loadDraft = async (ot: string): Promise<Draft> => (await get<Draft>(ot, store)) ?? {};
export const saveDraft = (ot: string, draft: Draft) => set(ot, draft, store);
export const clearDraft = (ot: string) => del(ot, store);
