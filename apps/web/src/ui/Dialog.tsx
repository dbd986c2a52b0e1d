import { Drawer, type DrawerProps, Modal, type ModalProps } from '@mantine/core';
import { useModals } from '@mantine/modals';
import { useEffect, useId, useSyncExternalStore } from 'react';
import { PartErrorBoundary } from './PartErrorBoundary.tsx';

/**
 * The open dialogs, oldest first. Mantine's Modal closes on Escape from a window listener, so with a
 * dialog opened from another one (a quote editor inside a purchase's detail) one Escape closed them
 * all; only the topmost one listens to Escape here.
 */
let openDialogs: readonly string[] = [];
const listeners = new Set<() => void>();

function setOpenDialogs(next: readonly string[]): void {
  openDialogs = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const topmost = (): string | undefined => openDialogs[openDialogs.length - 1];

/** Whether this open dialog is the last one opened and still open. */
export function useIsTopmostDialog(opened: boolean): boolean {
  const id = useId();
  const top = useSyncExternalStore(subscribe, topmost, topmost);
  useEffect(() => {
    if (!opened) return;
    setOpenDialogs([...openDialogs, id]);
    return () => setOpenDialogs(openDialogs.filter((open) => open !== id));
  }, [opened, id]);
  return opened && top === id;
}

/**
 * Mantine's Modal, where Escape closes only the topmost open dialog, and whose content failing to
 * draw shows its own error inside the dialog (PartErrorBoundary) instead of taking the page down.
 */
export function Dialog({ closeOnEscape = true, children, ...props }: ModalProps) {
  const topmost = useIsTopmostDialog(props.opened);
  return (
    <Modal {...props} closeOnEscape={closeOnEscape && topmost}>
      <PartErrorBoundary>{children}</PartErrorBoundary>
    </Modal>
  );
}

/**
 * Counts the confirmations of `modals.openConfirmModal` (drawn by ModalsProvider, which closes them
 * on Escape itself) as open dialogs, so that the dialog they were asked from stays open. Rendered
 * once inside ModalsProvider.
 */
export function ConfirmationsInDialogStack() {
  const { modals } = useModals();
  useIsTopmostDialog(modals.length > 0);
  return null;
}

/** Mantine's Drawer (the detail panels), whose content failing to draw shows its own error inside it. */
export function PanelDrawer({ children, ...props }: DrawerProps) {
  return (
    <Drawer {...props}>
      <PartErrorBoundary>{children}</PartErrorBoundary>
    </Drawer>
  );
}
