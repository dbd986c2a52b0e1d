import { canImportUsers } from '@intranet/contracts';
import { Button, Text } from '@mantine/core';
import { IconFileExport, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useUser } from '../../../platform/session.tsx';
import { ImportSheetDialog } from '../../../ui/ImportSheetDialog.tsx';
import { exportUsersUrl, useUsersImportCalls } from '../users.api.ts';

/**
 * Exportar (usuarios.xlsx, the list's search) for whoever sees the list; Importar for an
 * administrator (canImportUsers, the rule the server applies to the import's calls).
 */
export function UsersSheetActions({ search }: { search: string }) {
  const user = useUser();
  const calls = useUsersImportCalls();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <Button
        component="a"
        href={exportUsersUrl(search)}
        download="usuarios.xlsx"
        variant="default"
        leftSection={<IconFileExport size={18} />}
      >
        Exportar
      </Button>
      {canImportUsers(user) ? (
        <Button
          variant="default"
          leftSection={<IconFileImport size={18} />}
          onClick={() => setImporting(true)}
        >
          Importar
        </Button>
      ) : null}
      <ImportSheetDialog
        opened={importing}
        onClose={() => setImporting(false)}
        title="Importar usuários"
        calls={calls}
        help={
          <Text size="sm" c="dimmed">
            Planilha .xlsx ou .csv com as colunas Matrícula, Nome, CPF, E-mail, Setores, Filial, Privilégio e
            Suporte (como a exportada). Matrículas já cadastradas são atualizadas, sem mudar a senha; as novas
            recebem por e-mail um código para criar a senha.
          </Text>
        }
      />
    </>
  );
}
