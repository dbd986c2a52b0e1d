import { Container } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { ScrollRestoration } from 'react-router';
import { ModuleMenuProvider } from '../../platform/module-menu.tsx';
import { ConfirmationsInDialogStack } from '../../ui/Dialog.tsx';
import { MODULE_MENU } from '../menus.ts';
import { CookieConsent } from './CookieConsent.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { InactivityMonitor } from './InactivityMonitor.tsx';
import classes from './Layout.module.css';

/**
 * The frame of every signed-in screen: header, content, footer, cookie box, inactivity watch, and
 * the confirmation dialogs (only signed-in screens open them; the sign-in page goes without), and the
 * modules' menu entries for the menus drawn inside it.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
      <ConfirmationsInDialogStack />
      <ModuleMenuProvider entries={MODULE_MENU}>
        <div className={classes.root}>
          <Header />
          <main id="conteudo" className={classes.main}>
            <Container size="lg" px={{ base: 'sm', sm: 'md' }}>
              {children}
            </Container>
          </main>
          <Footer />
          <CookieConsent />
          <InactivityMonitor />
          <ScrollRestoration />
        </div>
      </ModuleMenuProvider>
    </ModalsProvider>
  );
}
