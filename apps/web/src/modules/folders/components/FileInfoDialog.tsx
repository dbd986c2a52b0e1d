import { type FileItem, formatDate, formatFileSize } from '@intranet/contracts';
import { SimpleGrid, Text } from '@mantine/core';
import { Dialog } from '../../../ui/Dialog.tsx';

/** What a double click on a file shows (spec §2): creator, creation date and size. */
export function FileInfoDialog({ file, onClose }: { file: FileItem | null; onClose: () => void }) {
  return (
    <Dialog opened={file !== null} onClose={onClose} title="Informações do arquivo" centered>
      {file ? (
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
          <Text fw={600}>Nome</Text>
          <Text style={{ wordBreak: 'break-word' }}>{file.name}</Text>
          <Text fw={600}>Criado por</Text>
          <Text>{file.createdByName ?? '—'}</Text>
          <Text fw={600}>Data de criação</Text>
          <Text>{formatDate(file.date)}</Text>
          <Text fw={600}>Tamanho</Text>
          <Text>{formatFileSize(file.size)}</Text>
          <Text fw={600}>Tipo</Text>
          <Text>{file.tipo ? file.tipo.toUpperCase() : '—'}</Text>
        </SimpleGrid>
      ) : null}
    </Dialog>
  );
}
