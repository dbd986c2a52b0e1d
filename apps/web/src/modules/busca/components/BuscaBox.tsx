import { ActionIcon, Kbd, UnstyledButton } from '@mantine/core';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../ui/Dialog.tsx';
import { BuscaPanel } from './BuscaPanel.tsx';
import classes from './busca.module.css';

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/**
 * The header's search: a box on wide screens (with its shortcut), an icon on narrow ones, both
 * opening the search dialog; Ctrl+K (⌘K) opens it from anywhere, "/" from outside a text field.
 */
export function BuscaBox() {
  const [opened, { open, close }] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 48em)');
  const navigate = useNavigate();
  // Ctrl+K also from a text field (an empty tag list); "/" is a character there.
  useHotkeys([['mod+K', open]], []);
  useHotkeys([['/', open]]);

  const openHit = (href: string) => {
    if (!href) return;
    close();
    navigate(href);
  };

  return (
    <>
      <UnstyledButton
        className={classes.box}
        visibleFrom="md"
        onClick={open}
        aria-keyshortcuts={MAC ? 'Meta+K /' : 'Control+K /'}
        data-testid="busca-box"
      >
        {/* Named by what it shows, shortcut included ("Buscar… Ctrl K"): axe's label-content-name-mismatch. */}
        <IconSearch size={18} aria-hidden />
        <span className={classes.boxText}>Buscar…</span>
        <Kbd className={classes.kbd}>{MAC ? '⌘ K' : 'Ctrl K'}</Kbd>
      </UnstyledButton>
      <ActionIcon
        hiddenFrom="md"
        onClick={open}
        size={40}
        radius="xl"
        variant="subtle"
        color="gray"
        c="white"
        aria-label="Buscar"
        aria-keyshortcuts={MAC ? 'Meta+K /' : 'Control+K /'}
        data-testid="busca-icon"
      >
        <IconSearch size={22} aria-hidden />
      </ActionIcon>
      <Dialog
        opened={opened}
        onClose={close}
        title="Buscar na intranet"
        size="lg"
        yOffset="8vh"
        fullScreen={phone}
      >
        <BuscaPanel onOpen={openHit} />
      </Dialog>
    </>
  );
}
