import { canManageEmployees } from '@intranet/contracts';
import { Button, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useUser } from '../../../platform/session.tsx';
import { ImportSheetDialog } from '../../../ui/ImportSheetDialog.tsx';
import { useEmployeesImportCalls } from '../hr.api.ts';

/** Importar funcionários, for whoever manages employees (canManageEmployees, as the server's calls). */
export function EmployeesImport() {
  const user = useUser();
  const calls = useEmployeesImportCalls();
  const [opened, setOpened] = useState(false);
  if (!canManageEmployees(user)) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconFileImport size={18} />} onClick={() => setOpened(true)}>
        Importar
      </Button>
      <ImportSheetDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title="Importar funcionários"
        calls={calls}
        help={
          <Text size="sm" c="dimmed">
            Planilha .xlsx ou .csv com os campos da ficha do funcionário (como a planilha Funcionários dos
            relatórios): Matrícula, Nome, Data de nascimento, Data de admissão, CPF, RG, PIS, Telefone,
            E-mail, Setor, Unidade, Cargo, Horário, Contrato, Transporte, Salário, Vale-refeição e Plano de
            saúde. Matrículas já cadastradas são atualizadas; as novas, adicionadas.
          </Text>
        }
      />
    </>
  );
}
