import { MSG } from '@intranet/contracts';
import { Menu, Text, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconDevicesOff, IconLogout, IconUserEdit } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useSession, useUser } from '../../platform/session.tsx';
import { shortName } from '../../ui/names.ts';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import classes from './Layout.module.css';

/** Photo, short name and matrícula; opens Alterar dados (/perfil), Sair and Encerrar sessões em todos os dispositivos. */
export function UserMenu() {
  const user = useUser();
  const { logout, logoutEverywhere } = useSession();
  const navigate = useNavigate();
  const name = shortName(user.userName);

  const signOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  const confirmEverywhere = () =>
    modals.openConfirmModal({
      title: 'Encerrar sessões em todos os dispositivos',
      children: (
        <Text size="sm">
          Encerra as suas sessões em todos os computadores e celulares, esta também, e desativa o link do seu
          calendário no Outlook ou no celular (gere um novo na tela Eventos). Confirma?
        </Text>
      ),
      labels: { confirm: 'Encerrar todas', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void logoutEverywhere().then(
          () => navigate('/login', { replace: true }),
          (err: unknown) =>
            notifications.show({ color: 'red', message: errorMessage(err, MSG.logoutEverywhereError) }),
        ),
    });

  return (
    <Menu position="bottom-end" width={240} shadow="md" radius="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.userButton} data-testid="user-menu-button">
          <UserAvatar
            foto={user.pictureProfile}
            name={user.userName}
            size={38}
            radius="xl"
            variant="white"
            className={classes.avatar}
            data-testid="header-avatar"
          />
          <span className={classes.userText}>
            <span className={classes.userName} data-testid="header-name">
              {name}
            </span>
            <span className={classes.userMatricula}>
              Matrícula <span data-testid="header-matricula">{user.matricula}</span>
            </span>
          </span>
          <IconChevronDown size={16} aria-hidden className={classes.userChevron} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark" lineClamp={2}>
            {user.userName}
          </Text>
          <Text size="xs" c="dimmed">
            Matrícula {user.matricula}
            {user.mainSector ? ` · ${user.mainSector}` : ''}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/perfil" leftSection={<IconUserEdit size={18} aria-hidden />}>
          Alterar dados
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => void signOut()}
        >
          Sair
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconDevicesOff size={18} aria-hidden />}
          onClick={confirmEverywhere}
        >
          Encerrar sessões em todos os dispositivos
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
